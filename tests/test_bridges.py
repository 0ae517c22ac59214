"""The shared bridge machinery (:mod:`ducksoup.bridges`): the base package never imports OpenSpiel, PettingZoo or
Gymnasium, and the pieces every game's bridges use behave as documented."""

from __future__ import annotations

import pkgutil
import subprocess
import sys
from pathlib import Path

import pytest

import ducksoup
from ducksoup.bridges.chance import copy_engine, copy_value
from ducksoup.doubleduck.engine import Deal

LIBRARIES = ("pyspiel", "open_spiel", "pettingzoo", "gymnasium")
BRIDGE_MODULES = (".openspiel", ".pettingzoo")


def base_modules() -> list[str]:
    """Every module of ``ducksoup`` but the bridges to the libraries and the environments' entries."""
    found = [info.name for info in pkgutil.walk_packages(ducksoup.__path__, "ducksoup.")]
    skipped = ("ducksoup.envs.", "ducksoup.__main__")  # the entries of the environments; running the command line
    return [name for name in found if not name.endswith(BRIDGE_MODULES) and not name.startswith(skipped)]


def test_the_base_package_never_imports_the_game_ai_libraries() -> None:
    """Every other module imported, even the bridges' NumPy-only pieces (chance, encodings, tensors): none of the
    libraries the ``openspiel`` and ``pettingzoo`` extras install is loaded."""
    modules = base_modules()
    assert "ducksoup.bridges.chance" in modules and "ducksoup.doubleduck.bridges.encoding" in modules
    program = (
        "import importlib, sys\n"
        f"for name in {modules!r}:\n"
        "    try:\n"
        "        importlib.import_module(name)\n"
        "    except ModuleNotFoundError as missing:  # NumPy, which the extras install, for the tensors\n"
        "        assert missing.name == 'numpy', missing\n"
        f"print(sorted(name for name in sys.modules if name.split('.')[0] in {LIBRARIES!r}))\n"
    )
    done = subprocess.run([sys.executable, "-c", program], capture_output=True, text=True, timeout=300, check=False)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[]"


def test_an_engine_copy_shares_nothing_that_changes() -> None:
    deal = Deal(list(range(52)) * 2, 3)
    copied = copy_engine(deal)
    copied.apply(copied.legal_actions()[0])
    assert deal.state() != copied.state() and deal.state() == Deal(list(range(52)) * 2, 3).state()


def test_an_engine_copy_copies_nested_lists_and_refuses_what_it_cannot_copy() -> None:
    """Lists are copied at every depth and their other items shared; a dict, set or bytearray anywhere is refused,
    since a copy sharing it would change with the engine."""
    action = object()
    nested = [[1, [2, action]], "text"]
    copied = copy_value(nested)
    copied[0][1].append(3)
    assert nested == [[1, [2, action]], "text"] and copied[0][1][1] is action
    holdings: list[object] = [{}, [[set()]], [1, [bytearray()]]]
    for holding in holdings:
        with pytest.raises(TypeError, match=r"^cannot copy an engine holding a (dict|set|bytearray)$"):
            copy_value(holding)


def test_information_rows_hold_actions_and_cards_in_order() -> None:
    pytest.importorskip("numpy")
    from ducksoup.bridges.tensors import information_layout, offsets, write_information

    layout = information_layout(2, (("dealer", (2,)),), 3, 4, events=3)
    assert offsets(layout) == {"player": 0, "dealer": 2, "events": 4, "end": 4 + 3 * 9}
    out = __import__("numpy").zeros(offsets(layout)["end"], dtype="float32")
    write_information(out, layout, 3, 1, [0], [(-1, 2), (0, 1)], lambda number: (number,))
    assert out.nonzero()[0].tolist() == [1, 2, 4 + 2 + 3 + 2, 13 + 0, 13 + 2 + 1]
    with pytest.raises(ValueError, match="an information state holds 3 events at most, not 4"):
        write_information(out, layout, 3, 1, [0], [(-1, 2)] * 4, lambda number: (number,))


@pytest.mark.parametrize("bridge", ["openspiel", "pettingzoo"])
def test_the_documented_family_example_runs(bridge: str) -> None:
    """docs/python/<bridge>_family_example.py, as the bridge's page shows it: one episode of Doubleduck and one of
    Aw Ducks!, every return or reward each game's."""
    pytest.importorskip("pyspiel" if bridge == "openspiel" else "pettingzoo")
    example = Path(__file__).resolve().parents[1] / "docs" / "python" / f"{bridge}_family_example.py"
    done = subprocess.run([sys.executable, str(example)], capture_output=True, text=True, timeout=300, check=False)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    if bridge == "openspiel":
        assert lines[0].startswith("python_doubleduck: 104 chance nodes, 104 actions, returns [")
        assert lines[1].startswith("python_aw_ducks: ") and len(lines) == 2
    else:
        assert lines[0].startswith("doubleduck_v0 rewards: {'player_0': ") and "'player_3'" in lines[0]
        assert lines[1].startswith("aw_ducks_v0 rewards: {'player_0': ") and "'player_3'" in lines[1]
