"""The game pages in a real browser (headless Chromium): the board at the
plies one steps to, clicks or links to is the log's position replayed
through the rules; the address follows; autoplay plays; and no script but
the page's own runs, whatever the names, moves and boards say."""

from __future__ import annotations

import json
import re
import time
from pathlib import Path
from typing import Any, Iterator

import pytest

from pybridge.championship.tournament import Schedule, Settings, run_tournament
from pybridge.games.game import load_game_file
from pybridge.replay import ReplayWriter, verify
from pybridge.report.gamepage import BOARD_LIMIT, json_block
from pybridge.report.html import write_report
from pybridge.text import clean
from pybridge.types import Ply, Result, Verdict
from shell.cli.arena import main
from tests.support import browser
from tests.support.browser import open_page, press, shown, shown_at, url
from tests.support.paths import TESTS
from tests.support.says import says

HOSTILE = TESTS / "hostile" / "games" / "markup.pl"
#: Names that run a script if a page lets them: each would set window.pwned.
NAMES = ['<img src=x onerror="window.pwned=\'name\';document.title=\'pwned\'">',
         '</script><script>window.pwned="name";document.title="pwned"</script>']


@pytest.fixture(scope="module")
def driver() -> Iterator[Any]:
    yield from browser.chromium()


@pytest.fixture(scope="module")
def championship(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A real small Connect Four championship with its pages."""
    out = tmp_path_factory.mktemp("pages") / "out"
    run_tournament("connect4", ["random", "ai:1"], out=out, settings=Settings(schedule=Schedule(games_per_pair=2)))
    write_report(out)
    return out


def expected_boards(log: Path) -> list[str]:
    """The board at each ply of ``log``, replayed through the rules and
    displayed one by one, as the page shows it."""
    out = []
    for p in verify(log).positions:
        last = p.logged.ply.move if p.logged else None
        out.append(clean(p.state.display(color=False, last_move=last).rstrip(), BOARD_LIMIT))
    return out


def test_a_game_page_steps_clicks_and_links_to_the_logs_positions(
        driver: Any, championship: Path) -> None:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys

    doc = json.loads((championship / "standings.json").read_text())
    game = max(doc["games"], key=lambda g: g["plies"])
    boards = expected_boards(championship / game["replay"])
    last = len(boards) - 1
    assert last == game["plies"] >= 7
    page = championship / f"games/{game['index'] + 1:04d}.html"

    open_page(driver, url(page))
    now = shown(driver)
    assert now["board"] == boards[0] and now["current"] == "0"
    assert now["status"].endswith("to move")
    press(driver, Keys.ARROW_RIGHT, Keys.ARROW_RIGHT, Keys.ARROW_RIGHT)
    now = shown(driver)
    assert (now["board"], now["hash"], now["current"]) == (boards[3], "#ply=3", "3")
    press(driver, Keys.ARROW_LEFT)
    assert (shown(driver)["board"], shown(driver)["hash"]) == (boards[2], "#ply=2")
    press(driver, Keys.END)
    now = shown(driver)
    assert (now["board"], now["hash"]) == (boards[last], f"#ply={last}")
    winner = game["winner"]
    assert (winner in now["status"] and "wins" in now["status"]) if winner != "draw" \
        else now["status"].startswith("Draw")
    press(driver, Keys.ARROW_RIGHT)  # nothing past the end
    assert shown(driver)["hash"] == f"#ply={last}"
    press(driver, Keys.HOME)
    assert (shown(driver)["board"], shown(driver)["hash"]) == (boards[0], "#ply=0")

    driver.find_element(By.CSS_SELECTOR, '#moves a[data-ply="5"]').click()
    now = shown_at(driver, 5)
    assert (now["board"], now["hash"], now["current"]) == (boards[5], "#ply=5", "5")
    driver.find_element(By.ID, "next").click()
    assert (shown(driver)["board"], shown(driver)["hash"]) == (boards[6], "#ply=6")

    for k in (0, 4, last):  # a link to a position opens it
        open_page(driver, url(page, f"#ply={k}"))
        now = shown(driver)
        assert (now["board"], now["current"]) == (boards[k], str(k))
    open_page(driver, url(page, "#ply=99999"))  # past the end: the end
    assert (shown(driver)["board"], shown(driver)["hash"]) == (boards[last], f"#ply={last}")

    open_page(driver, url(page, "#ply=1"))
    driver.find_element(By.CSS_SELECTOR, "#speed option[value='200']").click()
    driver.find_element(By.ID, "play").click()
    deadline = time.monotonic() + 10
    while int(shown(driver)["hash"].removeprefix("#ply=")) < 3 and time.monotonic() < deadline:
        time.sleep(0.1)
    driver.find_element(By.ID, "play").click()  # pause
    now = shown(driver)
    k = int(now["hash"].removeprefix("#ply="))
    assert k >= 3 and now["board"] == boards[k]
    time.sleep(0.5)
    assert shown(driver)["hash"] == f"#ply={k}"  # paused
    assert not [e for e in driver.get_log("browser") if e["level"] == "SEVERE"]


def test_a_game_page_works_from_a_web_server(driver: Any, championship: Path) -> None:
    import functools
    import http.server
    import threading

    from selenium.webdriver.common.keys import Keys

    handler = functools.partial(http.server.SimpleHTTPRequestHandler, directory=str(championship))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        boards = expected_boards(_first_log(championship))
        open_page(driver, f"http://127.0.0.1:{server.server_address[1]}/games/0001.html#ply=2")
        assert shown(driver)["board"] == boards[2]
        press(driver, Keys.ARROW_RIGHT)
        assert (shown(driver)["board"], shown(driver)["hash"]) == (boards[3], "#ply=3")
        assert driver.current_url.endswith("/games/0001.html#ply=3")
    finally:
        server.shutdown()
        server.server_close()


def test_the_index_links_each_pair_and_entrant_to_its_games(championship: Path) -> None:
    index = (championship / "index.html").read_text()
    crosstable = index[index.index('id="crosstable"'):index.index('id="similar"')]
    assert sorted(re.findall(r'href="(games/\d{4}\.html)"', crosstable)) == \
        ["games/0001.html", "games/0001.html", "games/0002.html", "games/0002.html"]
    page = (championship / "games/0001.html").read_text()
    assert 'href="../replays/' in page and 'href="../index.html#e-random"' in page


def test_arena_replay_html_writes_the_page_of_one_log(
        driver: Any, championship: Path, tmp_path: Path,
        capsys: pytest.CaptureFixture[str]) -> None:
    log = _first_log(championship)
    out = tmp_path / "one.html"
    assert main(["replay", str(log), "--html", str(out)]) == 0
    assert str(out) in capsys.readouterr().out
    boards = expected_boards(log)
    open_page(driver, url(out, f"#ply={len(boards) - 1}"))
    assert shown(driver)["board"] == boards[-1]
    href = driver.execute_script("return document.querySelector('nav a').href")
    assert href == log.resolve().as_uri()


def _first_log(championship: Path) -> Path:
    return min((championship / "replays").iterdir())


def test_a_bad_log_gets_no_page(tmp_path: Path, championship: Path,
                                capsys: pytest.CaptureFixture[str]) -> None:
    records = [json.loads(line) for line in _first_log(championship).read_text().splitlines()]
    second = [r for r in records if r["type"] == "move"][1]
    second["move"] = "9"  # no such column
    log = tmp_path / "bad.jsonl"
    log.write_text("".join(json.dumps(r) + "\n" for r in records))
    assert main(["replay", str(log), "--html", str(tmp_path / "bad.html")]) == 1
    says(capsys.readouterr().err, "bad.jsonl", "illegal move", "'9'")
    assert not (tmp_path / "bad.html").exists()


def test_the_data_block_cannot_end_its_element() -> None:
    data = {"s": "</script><script>x()</script><!-- & \u2028\u2029 >"}
    block = json_block("d", data)
    inner = block[block.index(">") + 1:block.rindex("</script>")]
    assert not re.search("[<>&\u2028\u2029]", inner)
    assert json.loads(inner) == data


def _hostile_log(path: Path) -> Path:
    game = load_game_file(str(HOSTILE))
    state = game.initial_state()
    with ReplayWriter.create(path, game, {"a": NAMES[0] + ".pl", "b": "random"}) as log:
        ply = 0
        while not state.is_over():
            move = state.valid_moves()[ply % 2]
            ply += 1
            replaced = {"verdict": Verdict.TIMEOUT, "raw": NAMES[1]} if ply == 2 else {}
            log.move(Ply(ply, state.current_player, move, 1, **replaced))  # type: ignore[arg-type]
            state = state.move(move)
        outcome = state.outcome()
        assert outcome is not None
        log.result(Result(*outcome))
    return path


def _ran_nothing(driver: Any, scripts: int = 2) -> None:
    """No script but the page's ``scripts`` (a game page's data block and
    its own script) is there, no image, and nothing set window.pwned."""
    got = driver.execute_script(
        "return [typeof window.pwned, document.title, document.images.length,"
        " document.scripts.length];")
    assert got[0] == "undefined" and got[1] != "pwned"
    assert got[2:] == [0, scripts]


def test_hostile_names_moves_and_boards_run_no_script(
        driver: Any, championship: Path, tmp_path: Path) -> None:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys

    page = tmp_path / "markup.html"
    assert main(["replay", str(_hostile_log(tmp_path / "markup.jsonl")), "--html", str(page)]) == 0
    for k in range(5):
        open_page(driver, url(page, f"#ply={k}"))
        _ran_nothing(driver)
    assert "window.pwned='board'" in shown(driver)["board"]  # shown, as text
    press(driver, Keys.HOME, Keys.ARROW_RIGHT)
    captions = []
    for link in driver.find_elements(By.CSS_SELECTOR, "#moves a"):
        link.click()
        captions.append(driver.find_element(By.ID, "caption").text)
    assert '</script><script>window.pwned="move"</script>' in captions[3]  # shown, as text
    assert f"referee: timeout, it answered {NAMES[1]}" in captions[2]
    assert """<img src=x onerror="window.pwned='move'">""" in captions[4]
    _ran_nothing(driver)

    # entrants named to run a script, in a real championship's pages
    out = tmp_path / "named"
    run_tournament("tictactoe", ["random", "ai:1"], out=out, settings=Settings(schedule=Schedule(games_per_pair=2)))
    doc = json.loads((out / "standings.json").read_text())
    names = dict(zip(("random", "ai:1"), NAMES))
    for b in doc["bots"]:
        b["name"] = names[b["name"]]
    for g in doc["games"]:
        for key in ("first", "second", "winner"):
            g[key] = names.get(g[key], g[key])
    (out / "standings.json").write_text(json.dumps(doc))
    write_report(out)
    open_page(driver, url(out / "index.html"))
    _ran_nothing(driver, scripts=0)
    assert NAMES[1] in driver.find_element(By.ID, "crosstable").find_element(
        By.XPATH, "following-sibling::div").text  # shown, as text
    for name in ("games/0001.html", "games/0002.html"):
        open_page(driver, url(out / name, "#ply=1"))
        _ran_nothing(driver)
        press(driver, Keys.END)
        _ran_nothing(driver)
        assert NAMES[0] in driver.title and NAMES[1] in driver.title
        assert any(n in shown(driver)["status"] for n in NAMES) or \
            shown(driver)["status"].startswith("Draw")


def test_the_probe_sees_a_script_that_runs(driver: Any, tmp_path: Path) -> None:
    """The checks above can fail: the same names, unescaped on a page
    without the policy, do run."""
    page = tmp_path / "raw.html"
    page.write_text(f"<!DOCTYPE html><title>t</title><p>{NAMES[0]}</p>")
    open_page(driver, url(page))
    time.sleep(0.3)
    assert driver.execute_script("return window.pwned") == "name"


@pytest.mark.parametrize("game_id", ["connect4", "alliances", "sliding", str(HOSTILE)])
def test_boards_in_one_call_are_the_displays_one_by_one(game_id: str) -> None:
    import random

    import pybridge
    from pybridge.games.boards import boards, played_descriptions

    game = load_game_file(game_id) if game_id.endswith(".pl") else pybridge.load_game(game_id)
    rng = random.Random(3)
    state = game.initial_state()
    shown_, played = [(state, None)], []
    while not state.is_over() and len(played) < 40:
        move = rng.choice(state.valid_moves())
        played.append((state, move))
        state = state.move(move)
        shown_.append((state, move))
    assert boards(shown_) == [s.display(color=False, last_move=m) for s, m in shown_]
    assert boards(shown_[:3], color=True) == [s.display(last_move=m) for s, m in shown_[:3]]
    assert played_descriptions(played) == [s.move_descriptions()[m] for s, m in played]
    assert any(played_descriptions(played))


def _data(page: Path) -> dict[str, Any]:
    text = page.read_text()
    start = text.index('<script type="application/json" id="game-data">')
    block = text[text.index(">", start) + 1:text.index("</script>", start)]
    got: dict[str, Any] = json.loads(block)
    return got


def test_an_unfinished_log_ends_with_the_player_to_move(
        tmp_path: Path, championship: Path) -> None:
    lines = _first_log(championship).read_text().splitlines()
    log = tmp_path / "unfinished.jsonl"
    log.write_text("\n".join(lines[:4]) + "\n")  # the header and three moves
    page = tmp_path / "unfinished.html"
    assert main(["replay", str(log), "--html", str(page)]) == 0
    data = _data(page)
    assert len(data["plies"]) == 4 and data["over"] is False
    assert data["plies"][-1]["status"].endswith("to move (the log ends here)")


def test_the_policy_admits_the_page_script_alone(championship: Path) -> None:
    import base64
    import hashlib

    text = (championship / "games/0001.html").read_text()
    policy = re.search(r'http-equiv="Content-Security-Policy" content="([^"]+)"', text)
    assert policy is not None
    scripts = re.findall(r"<script>(.*?)</script>", text, re.S)
    assert len(scripts) == 1
    digest = base64.b64encode(hashlib.sha256(scripts[0].encode()).digest()).decode()
    assert f"script-src 'sha256-{digest}';" in policy.group(1)
    assert "default-src 'none'" in policy.group(1) and "unsafe" not in policy.group(1)
    assert "Content-Security-Policy" in (championship / "index.html").read_text()


def test_what_a_move_decided_is_shown_under_it(championship: Path) -> None:
    from dataclasses import dataclass, replace

    from pybridge.report.gamepage import GamePage, game_html

    @dataclass(frozen=True)
    class Noted:  # a position with what its move decided, as the log says
        state: Any
        logged: Any
        note: str = ""

    rebuilt = verify(_first_log(championship))
    noted = [Noted(p.state, p.logged, "<i>x takes the centre</i>" if k == 1 else "")
             for k, p in enumerate(rebuilt.positions)]
    text = game_html(replace(rebuilt, positions=tuple(noted)), GamePage("g", {}))
    assert "<span class=note>&lt;i&gt;x takes the centre&lt;/i&gt;</span>" in text
    assert text.count("class=note>") == 1
