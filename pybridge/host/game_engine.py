"""The engine interface (:mod:`pybridge.engine.interface`) for a game file: every
question asked of the file's own host process (:mod:`pybridge.host.game_host`),
every answer checked here: a move, player or winner text holding a
control character or too long is a broken rule, a state text must be
plain text, the game's printed board is cleaned
(:func:`pybridge.text.clean_display`)."""

from __future__ import annotations

import functools
import os
from typing import Callable, Concatenate, Mapping, ParamSpec, TypeVar

from pybridge.engine import _prolog
from pybridge.host.game_replies import Reply
from pybridge.engine.interface import (Facts, GameEngine, MoveStats, Played, Proof, Search, check_term,
                                       options_term)
from pybridge.errors import (ArenaError, GameFileError, GameRuleError, PrologError,
                             PrologValueError, ThinkTimeout)
from pybridge.jail.replies import BadReply
from pybridge.models.gamefile import GameFileRef
from pybridge.host.game_host import GameHost
from pybridge.host.game_registry import host_for
from pybridge.models.options import Option
from pybridge.text import clean, clean_display, clean_line, has_controls
from pybridge.types import JSON, players_problem

#: The rules a request for a state's facts calls, named when the host dies
#: before it could say which one ran.
_FACTS = "current_player/2, valid_moves/2, move_text/2 or game_over/2"


def _checked(game: str, what: str, value: object, limit: int = 1000) -> str:
    """A move, player or winner text from the host: a str without control
    characters, not too long; else a broken rule."""
    if not isinstance(value, str) or has_controls(value) or len(value) > limit:
        raise GameRuleError("game_rule", f"{game}: {what} gave {clean_line(repr(value), 120)}, "
                            f"not a text of at most {limit} characters without control characters")
    return value


def _list(reply: Reply, key: str) -> list[JSON]:
    """Field ``key`` of ``reply``, a list (empty when absent); BadReply if not."""
    value = reply.get(key, [])
    if not isinstance(value, list):
        raise BadReply(f"{key} that are not a list")
    return value


_P = ParamSpec("_P")
_R = TypeVar("_R")


def _blamed(method: Callable[Concatenate["HostEngine", _P], _R]
            ) -> Callable[Concatenate["HostEngine", _P], _R]:
    """``method`` with any exception raised while it uses the host's answer
    (a field of the wrong type or shape) made the game's fault: a
    GameRuleError naming the question, never the referee's crash."""
    @functools.wraps(method)
    def asked(self: "HostEngine", *args: _P.args, **kwargs: _P.kwargs) -> _R:
        try:
            return method(self, *args, **kwargs)
        except ArenaError:
            raise
        except (BadReply, TypeError, ValueError, KeyError, IndexError, AttributeError,
                RecursionError, OverflowError) as exc:
            raise GameRuleError("game_rule", f"{self.id}: the game's process gave a bad "
                                f"answer to {method.__name__}: {clean_line(exc, 300)}") from None
    return asked  # type: ignore[return-value]  # functools.wraps keeps the signature


#: Processes the general AI's search runs at once (root parallelism: a
#: forked copy of the host searches the same position and its root counts
#: are added). One unless set_search_workers() says more: only where one
#: game runs at a time (the shell, ``arena play``) on two cores or more;
#: tournaments keep one, so ``--jobs 2`` never runs four searches on two.
_search_workers = 1


def set_search_workers(n: int) -> None:
    """Let the general AI search in ``n`` processes (at most the cores)."""
    global _search_workers
    _search_workers = max(1, min(int(n), os.cpu_count() or 1, 8))


def search_workers() -> int:
    return _search_workers



class HostEngine(GameEngine):
    """A game file's rules, asked of its host."""

    def __init__(self, ref: GameFileRef) -> None:
        self.ref = ref
        self.id = self.host.id
        self.check_notes: tuple[str, ...] = ()   # what the last check said beside problems

    @property
    def host(self) -> GameHost:
        """The file's running host (a new one after game_registry.close_all())."""
        return host_for(self.ref)

    def _ask(self, verb: str, *args: object, rule: str, limit: float | None = None,
             cap: float | None = None, raw: tuple[str, ...] = ()) -> Reply | None:
        texts = [_prolog.term(a) for a in args] + list(raw)
        try:
            return self.host.request(verb, texts, rule=rule, limit=limit, cap=cap)
        except (GameRuleError, PrologValueError):
            raise
        except PrologError as exc:
            # any other error of the host (a resource error writing a huge
            # term of the game's) is the game's fault, not the referee's
            raise GameRuleError("game_rule", f"{self.id}: {rule} ({verb}): "
                                f"{clean_line(exc, 300)}") from None

    def _state(self, got: Reply | None) -> str | None:
        if got is None:
            return None
        return self._state_text(got.get("state"))

    def _state_text(self, value: object) -> str:
        if not isinstance(value, str) or has_controls(value):
            raise GameRuleError("game_rule", f"{self.id}: the game's process gave a bad state text")
        return value

    @_blamed
    def describe(self) -> tuple[str, tuple[str, ...], tuple[Option, ...]]:
        info = self.host.info
        title = clean_line(info.get("title", self.id), 200) or self.id
        listed = info.get("players", [])
        if not isinstance(listed, list):
            raise GameRuleError("game_rule", f"{self.id}: players/1 gave no list")
        players = tuple(_checked(self.id, "players/1", p, 200) for p in listed)
        problem = players_problem(players)
        if problem is not None:
            raise GameFileError(f"game file {self.ref.path} refused: {problem}")
        options = []
        found = info.get("options", [])
        for item in found if isinstance(found, list) else ():
            if isinstance(item, list) and len(item) == 3:
                name, default, help_ = item
                options.append(Option(_checked(self.id, "option/3", name, 100),
                                      default if isinstance(default, (int, float)) else
                                      clean_line(default, 200), clean_line(help_, 500)))
        return title, players, tuple(options)

    @_blamed
    def begin_game(self, options: Mapping[str, object], config: str | None) -> None:
        """A fresh copy of the loaded file for a new game, in which the
        game's initial_state/2 runs again (a game may assert there)."""
        host = self.host
        host.begin_game()
        if config is not None:
            self.new_state_config(config)
        else:
            self.new_state(options)

    @_blamed
    def new_state(self, options: Mapping[str, object]) -> str | None:
        return self._state(self._ask("new_state", rule="initial_state/2",
                                     raw=(options_term(options),)))

    @_blamed
    def new_state_config(self, config: str) -> str | None:
        return self._state(self._ask("new_state_config", config, rule="initial_state/2"))

    @_blamed
    def parse_state(self, state_text: str) -> str | None:
        return self._state(self._ask("parse_state", state_text, rule="current_player/2 or valid_moves/2"))

    @_blamed
    def state_info(self, state: str) -> Facts:
        got = self._ask("state_info", state, rule=_FACTS)
        if got is None:
            raise GameRuleError("game_rule", f"{self.id}: no player, moves or outcome "
                                f"for the state {clean_line(state, 200)}")
        moves = got.get("moves")
        if not isinstance(moves, list):
            raise GameRuleError("game_rule", f"{self.id}: valid_moves/2 gave no list")
        return (_checked(self.id, "current_player/2", got.get("player")),
                tuple(_checked(self.id, "move_text/2", m) for m in moves),
                _checked(self.id, "game_over/2", got.get("over")))

    @_blamed
    def play_move(self, state: str, move: str) -> Played | None:
        got = self._ask("play_move", state, move, rule=f"move/3, {_FACTS}")
        if got is None:
            return None
        moves = got.get("moves")
        if not isinstance(moves, list):
            raise GameRuleError("game_rule", f"{self.id}: the game's process gave a bad answer")
        new = self._state_text(got.get("state"))
        listed = tuple(_checked(self.id, "move_text/2", m) for m in moves)
        move, player, over, reason = (
            _checked(self.id, what, got.get(key))
            for key, what in (("move", "move_text/2"), ("player", "current_player/2"),
                              ("over", "game_over/2"), ("reason", "outcome_reason/2")))
        note = got.get("note")
        return Played(new, move, player, listed, over, reason,
                      clean_line(note, 300) if isinstance(note, str) else "")

    @_blamed
    def move_error(self, state: str, move: str) -> str | None:
        got = self._ask("move_error", state, move, rule="move_text/2 or game_over/2")
        return None if got is None else clean_line(got.get("reason", ""), 500)

    @_blamed
    def value(self, state: str, player: str) -> float | None:
        got = self._ask("value", state, player, rule="value/3")
        if got is None:
            return None
        value = got.get("value")
        if not isinstance(value, (int, float)):
            raise GameRuleError("game_rule", f"{self.id}: value/3 gave no number")
        return float(value)

    @_blamed
    def display(self, state: str, last_move: str) -> str:
        got = self._ask("display", state, last_move, rule="display_game/1")
        return "" if got is None else clean_display(got.get("output", ""))

    @_blamed
    def choose(self, state: str, level: int, seconds: float) -> tuple[str, str] | None:
        # the host keeps within the move time by itself (random valid move
        # past it); the watchdog waits for it a grace longer
        limit = self.host.limits.choose_seconds
        cap = min(seconds, limit) + self.host.limits.grace if seconds > 0 else limit
        try:
            got = self._ask("choose", state, level, float(seconds), search_workers(),
                            rule="choose_move/3", limit=limit, cap=cap)
        except GameRuleError as exc:
            if seconds > 0 and "did not answer within" in str(exc):
                raise ThinkTimeout(f"ai:{level} chose no move within {seconds:g} s") from None
            raise
        if got is None:
            return None
        note = got.get("note", "")
        return (_checked(self.id, "move_text/2", got.get("move")),
                clean_line(note, 300) if isinstance(note, str) else "")

    @_blamed
    def move_descriptions(self, state: str) -> dict[str, str]:
        got = self._ask("descriptions", state, rule="valid_moves/2, move_text/2 or move_description/3")
        if got is None:
            return {}
        described = {}
        for pair in _list(got, "pairs"):
            if not (isinstance(pair, list) and len(pair) == 2):
                raise BadReply("pairs that are not [move, description]")
            described[_checked(self.id, "move_text/2", pair[0])] = clean_line(pair[1], 500)
        return described

    @_blamed
    def outcome(self, state: str) -> tuple[str, str] | None:
        got = self._ask("outcome", state, rule="game_over/2")
        if got is None:
            return None
        return (_checked(self.id, "game_over/2", got.get("winner")),
                _checked(self.id, "outcome_reason/2", got.get("reason")))

    @_blamed
    def rules(self) -> str:
        got = self._ask("rules", rule="rules/1")
        return "" if got is None else clean(got.get("text", ""), 16384)

    def seed(self, seed: int) -> None:
        self.host.seed(seed)

    @_blamed
    def check(self, config: str, options: Mapping[str, object], games: int, seed: int,
              plies: int, max_states: int,
              seconds: float = 60.0) -> list[tuple[str, str, str, str]]:
        got = self._ask("check", config, rule="a rule the conformance check called",
                        cap=self.host.limits.check_seconds,
                        raw=(options_term(options),
                             check_term(games, seed, plies, max_states, seconds)))
        if got is None:
            return []
        problems = _list(got, "problems")
        notes = got.get("notes", [])
        self.check_notes = tuple(self.host.text(str(n)) for n in notes
                                 if isinstance(n, str)) if isinstance(notes, list) else ()
        text = self.host.text
        return [(text(str(a)), text(str(b)), text(str(c)), text(str(d)))
                for a, b, c, d in (p for p in problems if isinstance(p, list) and len(p) == 4)]

    @_blamed
    def search(self, state: str, seconds: float) -> Search | None:
        got = self._ask("search", state, float(seconds), search_workers(),
                        rule="the general AI's search", limit=seconds + 5, cap=seconds + 5)
        if got is None:
            return None
        moves = []
        for item in _list(got, "stats"):
            if not (isinstance(item, list) and len(item) == 4):
                continue
            name, visits, rate, status = item
            if (isinstance(visits, int) and isinstance(rate, (int, float))
                    and isinstance(status, str) and status in tuple(Proof)):
                moves.append(MoveStats(_checked(self.id, "move_text/2", name), visits,
                                       float(rate), Proof(status)))
        iterations = got.get("iterations")
        searches = got.get("searches")
        return Search(iterations if isinstance(iterations, int) else 0, tuple(moves),
                      searches if isinstance(searches, int) and searches > 0 else 1)

    @_blamed
    def typed_move(self, typed: str) -> str | None:
        got = self._ask("typed", typed, rule="move_text/2")
        return None if got is None else _checked(self.id, "move_text/2", got.get("move"))


__all__ = ["HostEngine", "search_workers", "set_search_workers"]
