"""The Dask scheduler a tournament's client talks to, and how: over mutual
TLS with the course's certificates (:mod:`pybridge.championship.certs`),
or plain ``tcp://`` only when the user says so. Dask is an optional extra."""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import Any

from pybridge.errors import ArenaError
from pybridge.invocation import program

class ClusterError(ArenaError, RuntimeError):
    """The cluster cannot play the games: no scheduler there, a worker of
    another version, or the scheduler went away."""


class InsecureSchedulerError(ClusterError, ValueError):
    """A scheduler address the client will not use as asked: unencrypted
    without the explicit flag, or TLS without its certificates."""


#: The files of a course's certificate folder the client uses.
CA_FILE, CLIENT_CERT, CLIENT_KEY = "ca.pem", "client.pem", "client-key.pem"


@dataclasses.dataclass(frozen=True)
class Scheduler:
    """Where the Dask scheduler is and how the client talks to it:
    ``tls_dir`` holds the course's certificates (see :mod:`pybridge.championship.certs`);
    ``insecure`` is an unencrypted ``tcp://`` address the user accepted."""

    address: str
    tls_dir: str | None = None
    insecure: bool = False

    @classmethod
    def parse(cls, address: str, *, tls_dir: str | None = None,
              insecure: bool = False) -> "Scheduler":
        """The scheduler at ``address``, checked: ``tls://`` with the
        certificates in ``tls_dir``, or ``tcp://`` with ``insecure``."""
        scheme, sep, rest = address.partition("://")
        if not sep:
            scheme, rest = "tcp", address
        if not rest:
            raise InsecureSchedulerError(f"no host in the scheduler address {address!r}: "
                                         "use tls://HOST:PORT")
        if scheme == "tls":
            if insecure:
                raise InsecureSchedulerError("--insecure-scheduler is for tcp:// addresses; "
                                             f"{address} is encrypted")
            if tls_dir is None:
                raise InsecureSchedulerError(
                    f"the scheduler {address} needs --tls-dir DIR: the folder of the course's "
                    f"certificates (make them with `{program()} certs DIR`)")
            found = Scheduler(address, tls_dir)
            found.security()  # its files are there
            return found
        if scheme == "tcp":
            if tls_dir is not None:
                raise InsecureSchedulerError(f"--tls-dir is for tls:// addresses, not {address}: "
                                             f"use tls://{rest}")
            if not insecure:
                raise InsecureSchedulerError(
                    f"refusing the unencrypted scheduler address {address}: any program that "
                    "reaches it can join as a worker, read every submission and run code in "
                    f"this process. Use tls://{rest} with --tls-dir DIR (certificates from "
                    f"`{program()} certs DIR`), or pass --insecure-scheduler to take that risk")
            return Scheduler(f"tcp://{rest}", insecure=True)
        raise InsecureSchedulerError(f"unknown scheduler address scheme {scheme!r} in "
                                     f"{address!r}: use tls://HOST:PORT")

    def warning(self) -> str | None:
        """The line to show when the scheduler is not secured."""
        if not self.insecure:
            return None
        return (f"warning: the Dask scheduler {self.address} is unencrypted and admits any "
                "worker: a worker can read the submissions, and its answers are unpickled "
                f"in this process; use tls:// ({program()} certs)")

    def security(self) -> Any:
        """The client's ``distributed.Security`` (None for ``tcp://``)."""
        if self.tls_dir is None:
            return None
        Security = dask_distributed().Security
        folder = Path(self.tls_dir)
        paths = [folder / name for name in (CA_FILE, CLIENT_CERT, CLIENT_KEY)]
        for path in paths:
            if not path.is_file():
                raise InsecureSchedulerError(
                    f"no {path.name} in the certificate folder {folder} (expected "
                    f"{', '.join(p.name for p in paths)}, as `{program()} certs DIR` makes them)")
        return Security(tls_ca_file=str(paths[0]), tls_client_cert=str(paths[1]),
                        tls_client_key=str(paths[2]), require_encryption=True)


def dask_distributed() -> Any:
    """Dask's ``distributed``, an optional extra: needed for a scheduler only."""
    try:
        import distributed
    except ImportError:
        raise ClusterError("a Dask scheduler needs Dask, an optional part of prolog-arena: "
                           "pip install 'prolog-arena[cluster]'") from None
    return distributed
