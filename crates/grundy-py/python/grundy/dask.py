"""Running a census on a Dask cluster (dask.distributed): the recipe of docs/python.md.

The rulesets are cut into chunks; each worker runs :func:`grundy.census` on its chunk (with
threads of its own) and sends back plain dicts (the JSON objects of ``grundy table --json``),
so results cross process and machine boundaries by pickling plain data::

    from dask.distributed import Client
    import grundy.dask
    client = Client("scheduler-address:8786")          # or Client(LocalCluster())
    rows = grundy.dask.census(client, [f"tb[0.{d}7]" for d in range(8)], to=10**5)
    rows[0]["period"]                                    # {"preperiod": ..., "period": ...}

Every worker needs ``grundy`` installed (``pip install ./crates/grundy-py`` on each machine,
or a wheel built once by ``maturin build --release`` and installed everywhere).
"""

from __future__ import annotations

from typing import Any, Dict, Iterable, List, Optional, Union

import grundy


def census_chunk(
    rulesets: List[str], to: Union[int, str], threads: Optional[int] = None
) -> List[Dict[str, Any]]:
    """One worker's share: the tables of ``rulesets`` as plain dicts (picklable)."""
    return [t.to_dict() for t in grundy.census(rulesets, to=to, threads=threads)]


def census(
    client: Any,
    rulesets: Iterable[str],
    to: Union[int, str],
    *,
    chunk: int = 16,
    threads: Optional[int] = None,
) -> List[Dict[str, Any]]:
    """The tables of ``rulesets`` to ``to``, computed on the workers of a Dask ``client``,
    in the order given (plain dicts, as ``grundy table --json`` prints them)."""
    names = [str(r) for r in rulesets]
    chunks = [names[i : i + chunk] for i in range(0, len(names), max(1, chunk))]
    futures = client.map(census_chunk, chunks, to=to, threads=threads, pure=False)
    return [row for part in client.gather(futures) for row in part]
