"""The typed results reach Python as plain objects by one serde path (src/objects.rs):
integers of any size stay exact, past 64 bits and past the 4300 digits that Python's int()
and json.loads read by default."""

import grundy


def test_nimbers_around_64_bits_are_exact_ints():
    for n in (2**63, 2**64 - 1, 2**64, 2**100 + 5):
        a = grundy.analyze(f"nim({n}, 1)")
        assert type(a.nimber) is int and a.nimber == n ^ 1, n
        assert a.to_dict()["nimber"] == n ^ 1
        assert a.value == f"*{n ^ 1}"


def test_a_nimber_of_thousands_of_digits_is_exact():
    a = grundy.analyze("nim(2^20000, 3)")
    assert a.nimber == (1 << 20000) ^ 3
    assert a.to_dict()["nimber"] == (1 << 20000) ^ 3
    assert a.winning_moves_total == 1 and a.winning_moves[0].to == "nim(3,3)"


def test_results_are_plain_objects():
    d = grundy.analyze("nim(3,4,5)").to_dict()
    assert type(d) is dict and type(d["winning_moves"]) is list
    assert type(d["winning_moves"][0]) is dict
    assert grundy.table("tb[0.07]", 400).to_dict()["period"] == {
        "preperiod": 53,
        "period": 34,
        "saltus": 0,
        "proven": True,
        "values_needed": 176,
    }


def test_to_dict_shares_nothing_mutable():
    a = grundy.analyze("nim(3,4,5)")
    d = a.to_dict()
    d["winning_moves"][0]["to"] = "changed"
    d["game"] = "changed"
    assert a.to_dict()["winning_moves"][0]["to"] == "nim(1,4,5)"
    assert a.to_dict()["game"] == "nim(3,4,5)" and a.game == "nim(3,4,5)"
    g = grundy.graph([("a", "b")])
    g.to_dict()["values"].clear()
    assert len(g.to_dict()["values"]) == 2
