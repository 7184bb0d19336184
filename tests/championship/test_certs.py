"""`arena certs DIR`: a course's authority and the keys and certificates of
its scheduler, workers and client, mode 0600, each signed by the
authority and good for TLS both ways; never written over a file or
through a planted link; and the commands to use them printed."""

from __future__ import annotations

import os
import ssl
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from pybridge.championship.certs import CertificateError, file_names, make_certificates
from tests.support.corpus import ROOT
from tests.support.paths import ROOT


def _arena(*args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.run([sys.executable, "-m", "shell.cli.arena", *args], capture_output=True,
                          text=True, env=env, timeout=120)


def test_the_certificates_are_private_and_signed_by_the_course(tmp_path: Path) -> None:
    made = make_certificates(tmp_path / "certs", course="PFL 2026", days=30)
    folder = tmp_path / "certs"
    assert sorted(p.name for p in folder.iterdir()) == sorted(file_names())
    assert "ca-key.pem" not in file_names()  # the authority's key is not kept
    assert stat.S_IMODE(folder.stat().st_mode) == 0o700
    for path in made.files:
        assert stat.S_IMODE(path.stat().st_mode) == 0o600, path
    for role in ("scheduler", "worker", "client"):
        done = subprocess.run(["openssl", "verify", "-CAfile", str(folder / "ca.pem"),
                               str(folder / f"{role}.pem")], capture_output=True, text=True)
        assert done.returncode == 0 and done.stdout.strip().endswith(": OK"), done
        context = ssl.create_default_context(ssl.Purpose.SERVER_AUTH)
        context.load_cert_chain(folder / f"{role}.pem", folder / f"{role}-key.pem")
    text = subprocess.run(["openssl", "x509", "-in", str(folder / "client.pem"), "-noout",
                           "-subject", "-ext", "extendedKeyUsage"], capture_output=True,
                          text=True).stdout
    assert "PFL 2026" in text and "TLS Web Client Authentication" in text
    assert "Server" not in text  # a client's certificate cannot serve


def test_a_handshake_needs_a_certificate_of_the_course(tmp_path: Path) -> None:
    ours = make_certificates(tmp_path / "ours").folder
    theirs = make_certificates(tmp_path / "theirs").folder

    def handshake(client_dir: Path) -> bool:
        import socket
        import threading

        server = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        server.load_cert_chain(ours / "scheduler.pem", ours / "scheduler-key.pem")
        server.load_verify_locations(ours / "ca.pem")
        server.verify_mode = ssl.CERT_REQUIRED
        client = ssl.SSLContext(ssl.PROTOCOL_TLS_CLIENT)
        client.check_hostname = False
        client.load_verify_locations(ours / "ca.pem")
        client.load_cert_chain(client_dir / "client.pem", client_dir / "client-key.pem")
        listener = socket.create_server(("127.0.0.1", 0))
        accepted: list[bool] = []

        def serve() -> None:
            conn, _ = listener.accept()
            try:
                with server.wrap_socket(conn, server_side=True) as tls:
                    tls.recv(1)
                    accepted.append(True)
            except (ssl.SSLError, OSError):
                accepted.append(False)

        thread = threading.Thread(target=serve)
        thread.start()
        try:
            with socket.create_connection(listener.getsockname()) as raw, \
                    client.wrap_socket(raw) as tls:
                tls.sendall(b"x")
        except (ssl.SSLError, OSError):
            pass
        thread.join(timeout=30)
        listener.close()
        return accepted == [True]

    assert handshake(ours)
    assert not handshake(theirs)


def test_nothing_is_overwritten_nor_written_through_a_link(tmp_path: Path) -> None:
    folder = tmp_path / "certs"
    make_certificates(folder)
    before = {p.name: p.read_bytes() for p in folder.iterdir()}
    with pytest.raises(CertificateError, match="already holds ca.pem, .*never overwritten"):
        make_certificates(folder)
    assert {p.name: p.read_bytes() for p in folder.iterdir()} == before

    planted = tmp_path / "planted"
    planted.mkdir()
    victim = tmp_path / "victim"
    victim.write_text("keep me\n")
    (planted / "worker-key.pem").symlink_to(victim)
    with pytest.raises(CertificateError, match="already holds worker-key.pem"):
        make_certificates(planted)
    assert victim.read_text() == "keep me\n" and sorted(os.listdir(planted)) == ["worker-key.pem"]

    (tmp_path / "real").mkdir()
    (tmp_path / "link").symlink_to(tmp_path / "real")
    with pytest.raises(CertificateError, match="is a symbolic link"):
        make_certificates(tmp_path / "link")
    (tmp_path / "file").write_text("")
    with pytest.raises(CertificateError, match="is not a folder"):
        make_certificates(tmp_path / "file")
    assert not os.listdir(tmp_path / "real")


def test_the_command_prints_how_to_start_the_cluster(tmp_path: Path) -> None:
    folder = tmp_path / "my certs"
    said = _arena("certs", str(folder), "--port", "9000")
    assert said.returncode == 0, said.stderr
    out = said.stdout
    quoted = f"'{folder}/ca.pem'"
    assert f"dask scheduler --protocol tls --port 9000 --no-dashboard --tls-ca-file {quoted}" in out
    assert f"dask worker tls://HOST:9000 --nthreads 1 --no-dashboard --tls-ca-file {quoted}" in out
    assert f"--tls-cert '{folder}/worker.pem' --tls-key '{folder}/worker-key.pem'" in out
    assert f"--scheduler tls://HOST:9000 --tls-dir '{folder}'" in out
    again = _arena("certs", str(folder))
    assert again.returncode == 2 and "never overwritten" in again.stderr
    assert "Traceback" not in again.stderr
    bad = _arena("certs", str(tmp_path / "other"), "--days", "0")
    assert bad.returncode == 2 and "days must be between 1 and 3650" in bad.stderr
    assert not (tmp_path / "other").exists()
