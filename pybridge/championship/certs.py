"""The certificates of a course's Dask cluster, for mutual TLS.

:func:`make_certificates` writes, in a folder of its own, a certificate
authority (``ca.pem``) and a key and certificate signed by it for each
role: the scheduler, the workers (one pair that every worker machine
shares) and the client (the machine that runs ``arena tournament``).
Every connection of the cluster then shows a certificate of this
authority, so a program without one cannot join as a worker or a client.
The authority's private key is never written: nobody, the instructor
included, can sign another certificate with it; a new set is a new
folder, and every machine of the cluster is given its files again.

Keys are ECDSA P-256. Every file is created with mode 0600 under a
temporary name in the folder, then linked to its name, which fails
rather than replace a file that is there: nothing is ever overwritten.
"""

from __future__ import annotations

import datetime
import os
import secrets
from dataclasses import dataclass
from pathlib import Path

from pybridge.errors import ArenaError

#: The certificate authority's certificate: every machine of the cluster.
CA = "ca.pem"
ROLES = ("scheduler", "worker", "client")
#: How long certificates last unless told.
DAYS = 365


class CertificateError(ArenaError, ValueError):
    """The certificates cannot be made where asked."""


@dataclass(frozen=True)
class Made:
    """A folder of certificates just made: its files, and the last day
    they are valid."""

    folder: Path
    files: tuple[Path, ...]
    until: datetime.datetime


def role_files(role: str) -> tuple[str, str]:
    """The certificate and key file names of ``role``."""
    return f"{role}.pem", f"{role}-key.pem"


def file_names() -> tuple[str, ...]:
    """Every file a certificate folder holds."""
    return (CA, *(name for role in ROLES for name in role_files(role)))


def make_certificates(folder: str | os.PathLike[str], *, course: str = "prolog-arena",
                      days: int = DAYS) -> Made:
    """Make the authority and the three roles' keys and certificates in
    ``folder`` (made with mode 0700 if missing). CertificateError if the
    folder is not a directory of its own or already holds one of them."""
    try:
        from cryptography import x509
        from cryptography.hazmat.primitives import hashes, serialization
        from cryptography.hazmat.primitives.asymmetric import ec
        from cryptography.x509.oid import ExtendedKeyUsageOID, NameOID
    except ImportError:
        raise CertificateError("making certificates needs the cryptography package, part of "
                               "the cluster extra: pip install 'prolog-arena[cluster]'") from None

    if not 1 <= days <= 3650:
        raise CertificateError(f"days must be between 1 and 3650, got {days}")
    if not course or len(course) > 64 or not course.isprintable():
        raise CertificateError(f"the course name must be 1 to 64 printable characters, "
                               f"got {course!r}")
    where = _folder(Path(folder))
    there = [name for name in file_names() if os.path.lexists(where / name)]
    if there:
        raise CertificateError(f"{where} already holds {', '.join(there)}: certificates are "
                               "never overwritten; choose a new folder")
    now = datetime.datetime.now(datetime.timezone.utc).replace(microsecond=0)
    start, until = now - datetime.timedelta(hours=1), now + datetime.timedelta(days=days)

    def name(common: str) -> x509.Name:
        return x509.Name([x509.NameAttribute(NameOID.ORGANIZATION_NAME, course),
                          x509.NameAttribute(NameOID.COMMON_NAME, common)])

    ca_key = ec.generate_private_key(ec.SECP256R1())
    ca_name = name(f"{course} certificate authority")
    ca_cert = (
        x509.CertificateBuilder().subject_name(ca_name).issuer_name(ca_name)
        .public_key(ca_key.public_key()).serial_number(_serial())
        .not_valid_before(start).not_valid_after(until)
        .add_extension(x509.BasicConstraints(ca=True, path_length=0), critical=True)
        .add_extension(x509.KeyUsage(digital_signature=False, content_commitment=False,
                                     key_encipherment=False, data_encipherment=False,
                                     key_agreement=False, key_cert_sign=True, crl_sign=True,
                                     encipher_only=False, decipher_only=False), critical=True)
        .add_extension(x509.SubjectKeyIdentifier.from_public_key(ca_key.public_key()),
                       critical=False)
        .sign(ca_key, hashes.SHA256())
    )
    pem = serialization.Encoding.PEM
    contents = {CA: ca_cert.public_bytes(pem)}
    for role in ROLES:
        key = ec.generate_private_key(ec.SECP256R1())
        # the client only connects; the scheduler and the workers also listen
        usage = [ExtendedKeyUsageOID.CLIENT_AUTH]
        if role != "client":
            usage.append(ExtendedKeyUsageOID.SERVER_AUTH)
        cert = (
            x509.CertificateBuilder().subject_name(name(f"{course} {role}"))
            .issuer_name(ca_name).public_key(key.public_key()).serial_number(_serial())
            .not_valid_before(start).not_valid_after(until)
            .add_extension(x509.BasicConstraints(ca=False, path_length=None), critical=True)
            .add_extension(x509.KeyUsage(digital_signature=True, content_commitment=False,
                                         key_encipherment=False, data_encipherment=False,
                                         key_agreement=False, key_cert_sign=False,
                                         crl_sign=False, encipher_only=False,
                                         decipher_only=False), critical=True)
            .add_extension(x509.ExtendedKeyUsage(usage), critical=False)
            .add_extension(x509.SubjectAlternativeName([x509.DNSName(f"arena-{role}")]),
                           critical=False)
            .add_extension(x509.AuthorityKeyIdentifier.from_issuer_public_key(
                ca_key.public_key()), critical=False)
            .sign(ca_key, hashes.SHA256())
        )
        cert_name, key_name = role_files(role)
        contents[cert_name] = cert.public_bytes(pem)
        contents[key_name] = key.private_bytes(pem, serialization.PrivateFormat.PKCS8,
                                               serialization.NoEncryption())
    written = []
    for file_name in file_names():
        written.append(_create(where / file_name, contents[file_name]))
    return Made(where, tuple(written), until)


def _serial() -> int:
    return secrets.randbits(120) + 1


def _folder(path: Path) -> Path:
    """``path`` as a directory of its own: made (0700) if missing; an
    existing one must be a directory, not a symbolic link."""
    if os.path.islink(path):
        raise CertificateError(f"{path} is a symbolic link: give the folder itself")
    if not os.path.lexists(path):
        try:
            path.mkdir(mode=0o700, parents=True)
        except OSError as exc:
            raise CertificateError(f"cannot make the folder {path}: {exc.strerror}") from None
    elif not path.is_dir():
        raise CertificateError(f"{path} is not a folder")
    return path


def _create(path: Path, data: bytes) -> Path:
    """Write ``data`` to the new file ``path``, mode 0600, all or nothing,
    never replacing anything there."""
    tmp = path.with_name(f".{path.name}.{secrets.token_hex(8)}.tmp")
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW | getattr(os, "O_CLOEXEC", 0)
    try:
        fd = os.open(tmp, flags, 0o600)
    except OSError as exc:
        raise CertificateError(f"cannot write in {path.parent}: {exc.strerror}") from None
    try:
        with os.fdopen(fd, "wb") as f:
            os.fchmod(f.fileno(), 0o600)  # whatever the umask
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        try:
            os.link(tmp, path)  # fails if the name is taken: no overwrite
        except FileExistsError:
            raise CertificateError(f"{path} appeared while it was being made: "
                                   "nothing was overwritten; choose a new folder") from None
    finally:
        os.unlink(tmp)
    return path


__all__ = ["CA", "CertificateError", "DAYS", "Made", "ROLES", "file_names", "make_certificates",
           "role_files"]
