"""``arena certs``: the certificates of a course's Dask cluster (mutual TLS)."""

from __future__ import annotations

import argparse
import shlex

from pybridge.invocation import program
from pybridge.text import clean_line


def register(sub: "argparse._SubParsersAction[argparse.ArgumentParser]") -> None:
    p = sub.add_parser(
        "certs", help="make the TLS certificates of a course's Dask cluster",
        description="Makes, in the new folder DIR, a certificate authority and a key and "
                    "certificate for the scheduler, the workers and the client, and prints "
                    "how to start the cluster with them. Files are written with mode 0600 "
                    "and never overwritten; the authority's private key is not kept.",
    )
    p.add_argument("dir", metavar="DIR", help="a new (or empty) folder for the certificates")
    p.add_argument("--course", default="prolog-arena", metavar="NAME",
                   help="the name the certificates carry (default prolog-arena)")
    p.add_argument("--days", type=int, default=365, metavar="N",
                   help="days the certificates are valid (default 365)")
    p.add_argument("--port", type=int, default=8786, metavar="PORT",
                   help="the scheduler's port in the printed commands (default 8786)")
    p.set_defaults(func=cmd_certs)


def instructions(folder: str, port: int) -> list[str]:
    """How to start a scheduler, workers and a tournament with the
    certificates in ``folder``."""
    d = folder.rstrip("/") or "/"

    def f(name: str) -> str:
        return shlex.quote(f"{d}/{name}")

    def tls(role: str) -> str:
        return (f"--tls-ca-file {f('ca.pem')} --tls-cert {f(role + '.pem')} "
                f"--tls-key {f(role + '-key.pem')}")

    return [
        "Give each machine only its files, over a private channel (scp), kept mode 0600:",
        "  every machine:               ca.pem",
        "  the scheduler's machine:     scheduler.pem scheduler-key.pem",
        "  each worker machine:         worker.pem worker-key.pem",
        "  the instructor's machine:    client.pem client-key.pem",
        "",
        "1. the scheduler (HOST is the machine it runs on):",
        f"   dask scheduler --protocol tls --port {port} --no-dashboard {tls('scheduler')}",
        "2. each worker (one thread each; prolog-arena, SWI-Prolog and bubblewrap installed):",
        f"   dask worker tls://HOST:{port} --nthreads 1 --no-dashboard {tls('worker')}",
        "3. the tournament:",
        f"   {program()} tournament GAME BOTS... --scheduler tls://HOST:{port} --tls-dir {shlex.quote(d)}",
    ]


def cmd_certs(args: argparse.Namespace) -> int:
    from pybridge.championship.certs import make_certificates

    if not 1 <= args.port <= 65535:
        raise ValueError(f"--port must be between 1 and 65535, got {args.port}")
    made = make_certificates(args.dir, course=args.course, days=args.days)
    print(f"certificates of {clean_line(args.course)} in {clean_line(made.folder)}, valid "
          f"until {made.until:%Y-%m-%d}: {', '.join(p.name for p in made.files)}")
    print()
    for line in instructions(str(made.folder), args.port):
        print(clean_line(line, 1000))
    return 0


__all__ = ["cmd_certs", "instructions", "register"]
