"""Which host names this server answers to: the defence against DNS rebinding.

A page on an attacker's site can have its own name re-pointed at 127.0.0.1 (DNS rebinding); the
browser then treats the local server as the attacker's origin and sends `Host: attacker.example`,
with a matching `Origin`. Checking that Origin equals Host cannot see that; checking Host (and
Origin) against the names the server is meant to have can. An address written as digits (an IP
literal) is always allowed: no rebinding happens without a name, and a page at an address is that
address's own origin.

`magnates serve` answers to the address it listens on, the localhost forms and the names it is
given (`--allowed-host` / `MAGNATES_ALLOWED_HOSTS`); "*" switches the check off. `create_app` without
a list checks only that Origin equals Host, as an embedding application may have its own check.
"""

from __future__ import annotations

import ipaddress
import socket

LOCAL_NAMES = ("localhost", "localhost.localdomain", "ip6-localhost")
WILDCARDS = {"", "0.0.0.0", "::", "[::]"}


def host_name(value: str) -> str:
    """The name of a Host header or an Origin's authority, without port, brackets, case or final dot."""
    value = value.strip().lower()
    if value.startswith("["):
        return value[1 : value.find("]")] if "]" in value else value[1:]
    if value.count(":") == 1:
        value = value.split(":", 1)[0]
    return value.rstrip(".")


def is_ip_literal(name: str) -> bool:
    try:
        ipaddress.ip_address(name.split("%", 1)[0])
    except ValueError:
        return False
    return True


def parse_allowed(text: str) -> frozenset[str]:
    """`"example.org, play.example.org:443"` -> the names; empty: no check."""
    return frozenset(host_name(part) for part in text.split(",") if part.strip())


def default_allowed(host: str) -> str:
    """What `magnates serve --host HOST` answers to by default: that name (an address always), the
    localhost forms, and for a wildcard address this machine's own names."""
    names = list(LOCAL_NAMES)
    if host.strip() in WILDCARDS:  # every interface: the machine's own names (and its mDNS one) too
        names += [socket.gethostname(), socket.getfqdn(), f"{socket.gethostname()}.local"]
    elif not is_ip_literal(host_name(host)):
        names.append(host)
    return ",".join(dict.fromkeys(n.lower() for n in names if n))


def host_refusal(host: str, origin: str | None, allowed: frozenset[str]) -> str | None:
    """Why a request with this Host (and Origin) is refused, or None."""
    if not allowed or "*" in allowed:
        return None
    name = host_name(host)
    if not name:
        return "the request has no Host header"
    if not (is_ip_literal(name) or name in allowed):
        return (
            f"this server does not answer to the host name {name[:60]!r}; "
            "its operator can add it with `magnates serve --allowed-host NAME`"
        )
    if origin is not None and origin != "null":
        seen = host_name(origin.split("://", 1)[-1].split("/", 1)[0])
        if not (is_ip_literal(seen) or seen in allowed):
            return f"pages from {seen[:60]!r} may not use this server (its Origin is not an allowed host)"
    return None
