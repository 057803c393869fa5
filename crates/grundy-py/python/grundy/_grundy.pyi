"""Type stubs of the native half of grundy (crates/grundy-py/src/lib.rs). Use the functions
of the package ``grundy``; these are its building blocks.

The dicts are the objects the CLI prints with ``--json`` (their schema is the Rust types'
serde form, written once there). tests/test_stub.py holds these declarations to what the
module exports: the same functions, classes and parameter names, nothing more."""

from typing import Any, Callable, Dict, List, Optional, Tuple

__version__: str

_Progress = Optional[Callable[[str, int, Optional[int]], Any]]

class NativeTable:
    @property
    def ruleset(self) -> str: ...
    @property
    def period(self) -> Optional[Dict[str, Any]]: ...
    def value_bytes(self) -> Tuple[bytes, int]: ...
    def to_dict(self) -> Dict[str, Any]: ...
    def text(self) -> str: ...
    def svg(self, width: int = 1000, height: int = 500) -> str: ...

def analyze(
    expr: str,
    misere: bool = False,
    max_nodes: Optional[int] = None,
    max_moves: Optional[int] = None,
    remoteness: bool = True,
    timeout: Optional[float] = None,
    progress: _Progress = None,
    count: bool = True,
    outcome_only: bool = False,
) -> Dict[str, Any]: ...
def table(
    ruleset: str,
    to: Any,
    timeout: Optional[float] = None,
    memory_limit: Optional[int] = None,
    progress: _Progress = None,
) -> NativeTable: ...
def census(
    rulesets: List[str],
    to: Any,
    threads: Optional[int] = None,
    timeout: Optional[float] = None,
    progress: _Progress = None,
) -> List[NativeTable]: ...
def read_table(
    path: str, first: int = 0, last: Optional[int] = None
) -> Dict[str, Any]: ...
def pattern(
    family: str,
    to: Any = None,
    timeout: Optional[float] = None,
    progress: _Progress = None,
) -> Dict[str, Any]: ...
def families() -> List[Dict[str, Any]]: ...
def explain(
    expr: str,
    misere: bool = False,
    markdown: bool = False,
    max_nodes: Optional[int] = None,
    timeout: Optional[float] = None,
) -> str: ...
def graph_file(path: str, misere: bool = False) -> Dict[str, Any]: ...
def graph_edges(
    names: List[str], edges: List[Tuple[int, int]], misere: bool = False
) -> Dict[str, Any]: ...
def moves(expr: str, cap: int = 1000) -> Tuple[List[Tuple[str, str]], bool]: ...
def parse_move(expr: str, entry: str) -> Tuple[str, str]: ...
def engine_move(
    expr: str,
    misere: bool = False,
    max_nodes: Optional[int] = None,
    timeout: Optional[float] = None,
) -> Optional[Dict[str, Any]]: ...
def remoteness(
    expr: str,
    misere: bool = False,
    max_nodes: Optional[int] = None,
    timeout: Optional[float] = None,
) -> Tuple[str, int]: ...
def canonical(expr: str) -> str: ...
def load_rules(path: str, data: Optional[str] = None) -> str: ...
def register_ruleset(
    name: str,
    func: Callable[[Any], Any],
    sum_type: type,
    summary: str = "",
    example: str = "",
    arity: Any = None,
    canonical: Optional[Callable[[Any], Any]] = None,
    split: Optional[Callable[[Any], Any]] = None,
    nimber: Optional[Callable[[Any], Any]] = None,
) -> None: ...
