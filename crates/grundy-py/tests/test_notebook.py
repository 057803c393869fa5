"""docs/tour.ipynb runs from top to bottom (its cells assert what they show)."""

import pathlib

import pytest

TOUR = pathlib.Path(__file__).resolve().parents[3] / "docs" / "tour.ipynb"


def test_tour_notebook_runs(tmp_path):
    nbformat = pytest.importorskip("nbformat")
    nbclient = pytest.importorskip("nbclient")
    nb = nbformat.read(TOUR, as_version=4)
    client = nbclient.NotebookClient(
        nb, timeout=300, kernel_name="python3", resources={"metadata": {"path": str(tmp_path)}}
    )
    client.execute()
    outputs = [o for c in nb.cells if c.cell_type == "code" for o in c.get("outputs", [])]
    assert not [o for o in outputs if o.get("output_type") == "error"]
    # The plot cell shows an SVG, the analysis cells HTML.
    kinds = {k for o in outputs for k in o.get("data", {})}
    assert "image/svg+xml" in kinds and "text/html" in kinds
