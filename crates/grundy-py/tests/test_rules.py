"""Rule scripts loaded from Python (``grundy.load_rules``): the script families mix with
built-ins, agree with the same built-in games, and their errors name the file and line."""

import os

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import grundy

EXAMPLES = os.path.join(os.path.dirname(__file__), "..", "..", "..", "examples", "rules")


def test_lasker_script_agrees_with_the_built_in_lasker_nim():
    name = grundy.load_rules(os.path.join(EXAMPLES, "lasker.rhai"))
    assert name == "lasker"
    assert any(f.name == "lasker" for f in grundy.families())
    # G(3) = 4 in Lasker's Nim (Winning Ways): lasker(3) + nim(4) is a P-position.
    assert grundy.analyze("lasker(3) + nim(4)", remoteness=False).outcome == "P"


@settings(max_examples=25, deadline=None)
@given(st.lists(st.integers(min_value=0, max_value=15), min_size=1, max_size=3))
def test_script_sums_equal_the_built_in_game(heaps):
    grundy.load_rules(os.path.join(EXAMPLES, "lasker.rhai"))
    # A script position with several arguments is one tuple: a sum of heaps is a sum of terms.
    args = ",".join(map(str, heaps))
    script = grundy.analyze(" + ".join(f"lasker({h})" for h in heaps), remoteness=False)
    built = grundy.analyze(f"tb[4.[3]]({args})", remoteness=False)
    assert script.outcome == built.outcome
    assert script.nimber == built.nimber
    assert script.winning_moves_total == built.winning_moves_total


def test_a_script_error_names_its_file_and_line(tmp_path):
    bad = tmp_path / "broken.rhai"
    bad.write_text("fn moves(n) {\n    let x = ;\n}\n")
    with pytest.raises(grundy.InputError) as e:
        grundy.load_rules(bad)
    assert "broken.rhai:2" in str(e.value)
    # The fields of the engine's one error writer, as the JSON fronts give them.
    assert (e.value.file.endswith("broken.rhai"), e.value.line) == (True, 2)


def test_a_missing_script_is_an_input_error(tmp_path):
    with pytest.raises(grundy.InputError):
        grundy.load_rules(tmp_path / "nothing.rhai")


def test_display_is_shown_and_to_parses_back():
    # calendar.rhai shows a date as year-month-day; .to stays the canonical text, which
    # analyze reads again, and .shown is the text for people.
    grundy.load_rules(os.path.join(EXAMPLES, "calendar.rhai"))
    a = grundy.analyze("calendar(2001, 11, 3) + nim(2)", remoteness=False)
    assert a.shown == "2001-11-3 + nim(2)"
    assert a.game.startswith("calendar(2001,11,3)")
    (m,) = a.winning_moves
    assert m.shown == "2001-11-3 + nim(1)"
    again = grundy.analyze(m.to, remoteness=False)
    assert again.shown == m.shown and again.outcome == "P"


def test_a_script_position_can_be_typed_as_a_move():
    # A typed position was parsed with the built-in families only: "unknown ruleset 'kiki'".
    grundy.load_rules(os.path.join(EXAMPLES, "kiki.luau"))
    g = grundy.Game("kiki(3,3)")
    m = g.play("kiki(2, 2)")
    assert m.to == "kiki(2,2)"
    assert g.position == "kiki(2,2)"


def test_data_reaches_the_script_as_text_and_numbers(tmp_path):
    # A subtraction game whose set is the data, as `--data FILE` gives it: the text in DATA,
    # its numbers in DATA_NUMBERS.
    script = tmp_path / "given.luau"
    script.write_text(
        "function moves(n) local o = {} for _, k in DATA_NUMBERS do "
        "if k <= n then o[#o + 1] = n - k end end return o end\n"
        "function display(n) return DATA:sub(1, 1) .. n end\n"
    )
    assert grundy.load_rules(script, data="1 4\n") == "given"
    # Subtraction {1, 4}: G(5) = 0.
    assert list(grundy.table("given", 5).values) == [0, 1, 0, 1, 2, 0]
    assert grundy.analyze("given(2)", remoteness=False).shown == "12"
