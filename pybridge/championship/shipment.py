"""What travels with one game's task: the entrants' bot files and the game
file by content (a worker shares no file system with the client), and the
task itself, which plays the game in a temporary folder of its own and
answers plain data (:mod:`pybridge.championship.answers`)."""

from __future__ import annotations

import dataclasses
import functools
import importlib.metadata
import shutil
import tempfile
from collections.abc import Callable, Collection, Mapping
from pathlib import Path

from pybridge.championship import answers
from pybridge.championship.cluster_address import ClusterError
from pybridge.championship.one_game import Config, GameOutcome
from pybridge.championship.schedule import Pairing
from pybridge.models import sources as gamesources
from pybridge.jail import sandbox
from pybridge.play.players import PlayerSpec
from pybridge.types import PlayerKind

def version() -> str:
    """This prolog-arena's version, which every worker must share."""
    return installed_version()


@functools.lru_cache(maxsize=1)
def installed_version() -> str:
    """The version installed where this runs (a worker answers it)."""
    try:
        return importlib.metadata.version("prolog-arena")
    except importlib.metadata.PackageNotFoundError:
        return "unknown"


#: The most a game file's folder may hold to be shipped with every game.
GAME_FOLDER_BYTES = 8 * 1024 * 1024


@dataclasses.dataclass(frozen=True)
class Shipment:
    """The entrants' bot files by content: (entrant name, file name,
    bytes); and a game file with the files it loads (the file's path in
    its folder, and (relative path, bytes) of each), its client path."""

    files: tuple[tuple[str, str, bytes], ...] = ()
    game: tuple[str, tuple[tuple[str, bytes], ...]] | None = None
    game_path: str = ""

    def only(self, names: Collection[str]) -> "Shipment":
        """What one game needs: the files of the entrants ``names``."""
        return dataclasses.replace(self, files=tuple(f for f in self.files if f[0] in names))


def pack(specs: Mapping[str, str], *, game_file: str | None = None) -> Shipment:
    """The contents of the bot files ``specs`` name, and of the game file
    ``game_file`` with the files it loads (pybridge.models.sources), to ship."""
    files = []
    for name, text in specs.items():
        spec = PlayerSpec.parse(text)
        if spec.kind is PlayerKind.BOT and spec.path is not None:
            path = Path(spec.path)
            files.append((name, path.name, path.read_bytes()))
    game = None
    if game_file is not None:
        try:
            sources = gamesources.files(game_file)
        except gamesources.GameSourcesError as exc:
            raise ClusterError(str(exc)) from None
        found, size = [], 0
        for relative, path in sources.items():  # the game file and what it loads, no more
            size += path.stat().st_size
            if size > GAME_FOLDER_BYTES:
                raise ClusterError(f"the game file {game_file} and the files it loads hold "
                                   f"more than {GAME_FOLDER_BYTES // 2**20} MB")
            found.append((relative, path.read_bytes()))
        game = (next(iter(sources)), tuple(found))
    return Shipment(tuple(files), game, game_file or "")


def unpack(specs: Mapping[str, str], shipment: Shipment, where: Path) -> dict[str, str]:
    """Write the shipped files under ``where`` (a folder an entrant) and
    return the specs that seat those copies (entrant name -> spec)."""
    local = {}
    for index, (name, filename, data) in enumerate(shipment.files):
        folder = where / str(index)
        folder.mkdir(parents=True)
        path = folder / Path(filename).name
        path.write_bytes(data)
        spec = PlayerSpec.parse(specs[name])
        local[name] = str(path) if spec.level is None else f"{path}:{spec.level}"
    return local


def shipped_task(play: Callable[[Config, Pairing], GameOutcome], config: Config, pairing: Pairing,
                 shipment: Shipment, client_version: str
                 ) -> answers.GameAnswer | answers.Refusal | answers.Failure:
    """What a worker runs for one game: the files written to a folder of
    its own, the game played with them (``config.files``), the folder
    removed. ``config`` never names a path of the client's that the game
    would read. The answer is plain data (:mod:`pybridge.championship.answers`): the
    game's log, or why this worker refuses the game (it cannot run bots
    under the isolation ``config.isolation``)."""
    mine = installed_version()
    if mine != client_version:
        return answers.refusal(pairing.index, f"this worker runs prolog-arena {mine}, the "
                               f"client {client_version}: install the same version on both",
                               sandbox.current())
    isolation, problem = answers.required_isolation(config.isolation)
    if problem is not None:
        return answers.refusal(pairing.index, problem, isolation)
    try:
        outcome = _play_shipped(play, config, pairing, shipment)
    except Exception as exc:   # noqa: BLE001  one game's failure is that game's, never the run's
        return answers.failure(pairing.index, exc, isolation)
    return answers.answer(outcome, isolation)


def _play_shipped(play: Callable[[Config, Pairing], GameOutcome], config: Config,
                  pairing: Pairing, shipment: Shipment) -> GameOutcome:
    where = Path(tempfile.mkdtemp(prefix="arena-task-"))
    try:
        files = unpack(config.specs, shipment, where)
        if shipment.game is None:
            return play(dataclasses.replace(config, files=files), pairing)
        main, contents = shipment.game
        for relative, data in contents:
            target = where / "game" / relative
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(data)
        # the log names the game file where the client has it
        return play(dataclasses.replace(config, files=files, game=str(where / "game" / main),
                                        game_path=shipment.game_path), pairing)
    finally:
        shutil.rmtree(where, ignore_errors=True)
