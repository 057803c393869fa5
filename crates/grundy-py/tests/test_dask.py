"""The Dask recipe (grundy.dask, docs/python.md) on a LocalCluster of worker processes, so
that the same code is known to run on a real cluster (results cross processes by pickling)."""

import pytest

import grundy
import grundy.dask


def test_census_on_a_local_cluster():
    distributed = pytest.importorskip("dask.distributed")
    names = ["tb[0.07]", "tb[0.77]", "sub[1,3,4]", "tb[0.137]", "tb[0.6]"]
    with distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
    ) as cluster, distributed.Client(cluster) as client:
        rows = grundy.dask.census(client, names, to=500, chunk=2)
    assert [r["ruleset"] for r in rows] == names
    local = grundy.census(names, to=500)
    assert rows == [t.to_dict() for t in local]
