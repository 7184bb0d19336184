"""Headless Chromium driven through Selenium and Debian's chromedriver
(``make setup`` installs both): opening a page, pressing keys, reading
what the page shows."""

from __future__ import annotations

import os
import shutil
import time
import tempfile
from pathlib import Path
from typing import Any, Iterator

import pytest

CHROMIUM = ("chromium", "chromium-browser", "google-chrome")
DRIVER = "chromedriver"


def _missing(what: str) -> None:
    message = (f"{what}: the game pages are tested in headless Chromium; `make setup` "
               "installs it (Debian: apt-get install chromium chromium-driver)")
    if os.environ.get("CI"):
        pytest.fail(message)  # CI runs make setup first: a browser is never missing there
    pytest.skip(message)


def chromium() -> Iterator[Any]:
    """A headless Chromium session (a Selenium WebDriver), quit after use."""
    try:
        from selenium import webdriver
        from selenium.webdriver.chrome.service import Service
    except ImportError:
        _missing("Selenium is not installed (the test extras: pip install -e '.[test]')")
    binary = next((p for p in map(shutil.which, CHROMIUM) if p), None)
    driver_path = shutil.which(DRIVER)
    if binary is None or driver_path is None:
        _missing(f"{'chromium' if binary is None else DRIVER} not found")
    profile = tempfile.mkdtemp(prefix="arena-chromium-")
    options = webdriver.ChromeOptions()
    options.binary_location = str(binary)
    for arg in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                "--window-size=1200,900", "--no-first-run", f"--user-data-dir={profile}"):
        options.add_argument(arg)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    # the driver named: Selenium Manager never looks for (or fetches) another
    driver = webdriver.Chrome(service=Service(executable_path=str(driver_path)), options=options)
    driver.set_page_load_timeout(30)
    try:
        yield driver
    finally:
        driver.quit()
        shutil.rmtree(profile, ignore_errors=True)


def url(path: Path, fragment: str = "") -> str:
    return path.resolve().as_uri() + fragment


def open_page(driver: Any, address: str) -> None:
    """Loads ``address`` afresh (also when only its fragment differs)."""
    driver.get("about:blank")
    driver.get(address)


def shown(driver: Any) -> dict[str, Any]:
    """What the game page shows now: the board's text, the status line,
    the address's fragment, the move marked current."""
    got: dict[str, Any] = driver.execute_script(
        "var cur = document.querySelector('#moves a[aria-current]');"
        "return {board: document.getElementById('board').textContent,"
        " status: document.getElementById('status').textContent,"
        " hash: location.hash, current: cur ? cur.getAttribute('data-ply') : null};")
    return got


def shown_at(driver: Any, ply: int, seconds: float = 5.0) -> dict[str, Any]:
    """What the page shows once it has moved to ``ply`` (the address and
    the move marked current: a click's handlers may run after it
    returns), or what it shows after ``seconds``."""
    deadline = time.monotonic() + seconds
    while True:
        now = shown(driver)
        if (now["hash"], now["current"]) == (f"#ply={ply}", str(ply)) \
                or time.monotonic() > deadline:
            return now
        time.sleep(0.05)


def press(driver: Any, *keys: str) -> None:
    from selenium.webdriver.common.action_chains import ActionChains

    actions = ActionChains(driver)
    for key in keys:
        actions.send_keys(key)
    actions.perform()
