"""The type stubs of the native module (python/grundy/_grundy.pyi) declare exactly what
crates/grundy-py/src/lib.rs exports: every function and class, with the same parameters in
the same order and the same defaults, and nothing more, so that the two cannot drift apart
unseen. The runtime side is read from the signatures PyO3 gives the module's functions."""

import ast
import inspect
import pathlib

import grundy._grundy as native

STUB = pathlib.Path(__file__).resolve().parents[1] / "python" / "grundy" / "_grundy.pyi"


def _stub_params(fn):
    """(name, default) of each parameter of a stub function; the default is ``inspect``'s
    ``Parameter.empty`` when there is none."""
    a = fn.args
    assert not (a.vararg or a.kwarg or a.kwonlyargs), f"{fn.name}: only plain parameters"
    names = [p.arg for p in a.posonlyargs + a.args]
    defaults = [inspect.Parameter.empty] * (len(names) - len(a.defaults))
    defaults += [ast.literal_eval(d) for d in a.defaults]
    return list(zip(names, defaults))


def _stub():
    """The stub file: functions, classes (members: ``property`` or the parameters of a
    method) and module variables."""
    tree = ast.parse(STUB.read_text(encoding="utf-8"))
    functions, classes, variables = {}, {}, set()
    for node in tree.body:
        if isinstance(node, ast.FunctionDef):
            functions[node.name] = _stub_params(node)
        elif isinstance(node, ast.ClassDef):
            members = {}
            for m in node.body:
                if isinstance(m, ast.FunctionDef):
                    prop = any(
                        isinstance(d, ast.Name) and d.id == "property" for d in m.decorator_list
                    )
                    members[m.name] = "property" if prop else _stub_params(m)
            classes[node.name] = members
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            variables.add(node.target.id)
    return functions, classes, variables


def _runtime_params(obj):
    params = inspect.signature(obj).parameters.values()
    for p in params:
        assert p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD), f"{obj!r}: {p}"
    return [(p.name, p.default) for p in params]


def _runtime():
    """The same three from the module as it runs."""
    functions, classes, variables = {}, {}, set()
    for name, obj in vars(native).items():
        if name.startswith("__") and name != "__version__":
            continue
        if inspect.isclass(obj):
            members = {}
            for m, attr in vars(obj).items():
                if m.startswith("__"):
                    continue
                members[m] = "property" if inspect.isdatadescriptor(attr) else _runtime_params(attr)
            classes[name] = members
        elif callable(obj):
            functions[name] = _runtime_params(obj)
        else:
            variables.add(name)
    return functions, classes, variables


def _show(member):
    """A member as it reads in a stub: ``property`` or ``(a, b=1)``."""
    if not isinstance(member, list):
        return str(member)
    shown = (n if d is inspect.Parameter.empty else f"{n}={d!r}" for n, d in member)
    return "(" + ", ".join(shown) + ")"


def _differences(stub, runtime, what):
    """One line per name declared on one side only, or declared differently."""
    out = []
    for name in sorted(set(stub) | set(runtime)):
        if name not in runtime:
            out.append(f"{what}{name}: in the stub, not in the module")
        elif name not in stub:
            out.append(f"{what}{name}: in the module, not in the stub")
        elif stub[name] != runtime[name]:
            out.append(f"{what}{name}: the stub has {_show(stub[name])}, the module {_show(runtime[name])}")
    return out


def test_the_stub_declares_what_the_module_exports():
    s_functions, s_classes, s_variables = _stub()
    r_functions, r_classes, r_variables = _runtime()
    diffs = _differences(s_functions, r_functions, "function ")
    diffs += _differences(
        {n: None for n in s_classes}, {n: None for n in r_classes}, "class "
    )
    for name in sorted(set(s_classes) & set(r_classes)):
        diffs += _differences(s_classes[name], r_classes[name], f"{name}.")
    diffs += _differences(
        {n: None for n in s_variables}, {n: None for n in r_variables}, "variable "
    )
    assert not diffs, "\n".join(diffs)
    # What the comparison rests on: the module's functions carry their signatures.
    assert len(r_functions) >= 15 and ("expr", inspect.Parameter.empty) in r_functions["analyze"]


def test_every_name_the_module_lists_is_declared():
    s_functions, s_classes, s_variables = _stub()
    declared = set(s_functions) | set(s_classes) | s_variables
    listed = set(getattr(native, "__all__", ()))
    assert "analyze" in listed, "PyO3 lists the module's names in __all__"
    assert listed <= declared, sorted(listed - declared)
