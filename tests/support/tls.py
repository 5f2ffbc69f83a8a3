"""TLS for loopback test servers: a certificate authority made for the test (trustme) and a server
certificate for the given host names. A client trusts it only when told to (``SSL_CERT_FILE`` pointing
at ``bundle``), as a company's own authority behind a proxy is trusted."""

from __future__ import annotations

import ssl
from dataclasses import dataclass
from pathlib import Path

import trustme


@dataclass(frozen=True)
class LoopbackCA:
    server_context: ssl.SSLContext  # give it to the server: it presents the certificate of the hosts
    bundle: Path  # the authority's certificate, PEM, for SSL_CERT_FILE


def loopback_ca(directory: Path, *hosts: str) -> LoopbackCA:
    authority = trustme.CA()
    context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    authority.issue_cert(*hosts).configure_cert(context)
    bundle = directory / "test-ca.pem"
    authority.cert_pem.write_to_path(str(bundle))
    return LoopbackCA(context, bundle)
