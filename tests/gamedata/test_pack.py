"""One caching strategy for every loader: a pack is built once per content, and a
pack edited on disk is built again."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from gadshill.errors import DataError
from gadshill.gamedata import gads_hill, sticky_gulch, sutters_mill
from gadshill.gamedata.pack import BUILTIN, PackCache, PackInfo, current_info


@pytest.mark.parametrize("loader", [gads_hill, sutters_mill, sticky_gulch])
def test_each_loader_builds_a_pack_once(loader: object) -> None:
    load = loader.load  # type: ignore[attr-defined]
    assert isinstance(load, PackCache)
    assert load() is load()


def test_an_edited_pack_is_built_again(tmp_path: Path) -> None:
    pack = tmp_path / "sutters-mill"
    shutil.copytree(BUILTIN / "sutters-mill", pack)
    built: list[PackInfo] = []
    cache = PackCache("sutters-mill", lambda info: built.append(info) or len(built))
    assert cache(pack) == cache(pack) == 1
    game = pack / "game.toml"
    game.write_text(game.read_text() + "\n# a comment changes the hash\n")
    assert cache(pack) == 2
    assert built[0].sha256 != built[1].sha256
    assert current_info("sutters-mill", pack).sha256 == built[1].sha256


def test_a_missing_pack_folder_is_a_data_error(tmp_path: Path) -> None:
    with pytest.raises(DataError, match="data pack folder not found"):
        sutters_mill.load(tmp_path / "nowhere")
