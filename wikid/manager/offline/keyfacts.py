"""The key facts a page states about its entity, chosen among its sources' own.

Each source's content states facts (content.py: a changelog its newest release, a
manual page where bugs go and who wrote it, any document its home page and licence);
a page states each once, in `# Attributes`, from the source that knows best:

* Latest version: the highest newest release of the upstream changelogs and NEWS
  files (a Debian changelog's is the Debian package version, stated apart); without
  one, Version: the version the entity's manual page documents (its footer's source,
  `strace 6.1`), else the one a document's opening says (`This is Frob 2.4`), else the
  one a data file of names and versions gives its command (`frob: 2.4` among its parts'),
  else the upstream version of the newest Debian package (`2.4` of `1:2.4-3`);
* Author, Bug reports: the entity's own manual page first; the manual pages of a suite of
  commands none of which is the entity's own give their one author, or each its own
  with the command it wrote;
* Homepage, Documentation, Licence, Requires: the most descriptive source first; a
  documentation licence (the GNU FDL a manual is under) only when no source names the
  program's; Documentation only at another address than the home page.

These are read from the documents' structure, not from `Key: value` fields, so they
never make a conflict: two changelogs do not disagree on the latest version, one is
older.
"""

from __future__ import annotations

import re

from wikid.document.changes import ANY_VERSION, version_key
from wikid.manager.offline.content import Content
from wikid.manager.offline.resolve import AttributeRow

ORDER = ("Latest version", "Version", "Debian package version", "Homepage", "Documentation", "Licence", "Requires",
         "Author", "Bug reports")
_DOCUMENTATION_LICENCE = "GNU Free Documentation License"


def key_facts(sources: list[tuple[str, Content]], own: str | None) -> list[AttributeRow]:
    """The page's key facts from its sources, given most descriptive first, `own` the
    id of the entity's own manual page (or the source of the page's lead)."""
    stated: dict[str, tuple[str, str]] = {}  # label -> (value, source id)
    releases = [(sid, c) for sid, c in sources if c.releases and c.releases[0].version]
    for label, debian in (("Latest version", False), ("Debian package version", True)):
        logs = [(sid, c) for sid, c in releases if c.debian == debian]
        if logs:
            sid, content = max(logs, key=lambda pair: version_key(pair[1].releases[0].version))
            release = content.releases[0]
            stated[label] = (release.version + (f", released {release.date.isoformat()}" if release.date else ""), sid)
    mans = sorted((pair for pair in sources if pair[1].man is not None), key=lambda pair: pair[0] != own)
    suite = len(mans) > 1 and not any(sid == own for sid, _ in mans)
    labels = [("Author", [] if suite else mans), ("Bug reports", mans), ("Homepage", sources), ("Documentation", sources),
              ("Licence", sources), ("Requires", sources)]
    if "Latest version" not in stated:  # no changelog: the version the entity's manual documents, else a README's
        labels.insert(0, ("Version", mans + [pair for pair in sources if pair[1].man is None]))
    for label, candidates in labels:
        found = [(value, sid) for sid, c in candidates for key, value in c.facts if key == label]
        if label == "Licence":
            found.sort(key=lambda pair: pair[0].startswith(_DOCUMENTATION_LICENCE))
        if found:
            stated[label] = found[0]
    if "Latest version" not in stated and "Version" not in stated and (listed := _listed_version(sources, mans, own)):
        stated["Version"] = listed
    if "Latest version" not in stated and "Version" not in stated and "Debian package version" in stated:
        value, sid = stated["Debian package version"]
        stated["Version"] = (upstream_version(value.split(",")[0]), sid)
    if "Documentation" in stated and "Homepage" in stated and stated["Documentation"][0].rstrip("/") == stated["Homepage"][0].rstrip("/"):
        del stated["Documentation"]
    rows = {label: AttributeRow(label, value, (sid,), "agreed") for label, (value, sid) in stated.items()}
    if suite and (authors := _suite_authors(mans)) is not None:
        rows["Author"] = authors
    elif "Author" in rows and (others := _helpers_authors(mans, own, rows["Author"].value)):
        own_row = rows["Author"]
        # each with its command, the entity's own manual's too (`Jane Roe (frob); Jane Roe and John Doe (frob-show)`)
        own_man = next((c.man for sid, c in mans if sid == own_row.sources[0] and c.man is not None), None)
        first = f"{own_row.value} ({own_man.names[0]})" if own_man is not None else own_row.value
        rows["Author"] = AttributeRow("Author", "; ".join([first, *(a for a, _ in others)]),
                                      tuple(dict.fromkeys([*own_row.sources, *(sid for _, sid in others)])), "agreed")
    return [rows[label] for label in ORDER if label in rows]


def _listed_version(sources: list[tuple[str, Content]], mans: list[tuple[str, Content]],
                    own: str | None) -> tuple[str, str] | None:
    """(version, source id) a data file of names and their versions gives the entity's
    own command (node's `process.versions`: `node` -> `20.20.2`, among its parts'), or None."""
    names = {n.casefold() for sid, c in mans if sid == own and c.man is not None for n in c.man.names}
    for sid, content in sources:
        sample = content.data[1] if content.data is not None else None
        if sample is None or len(sample.header) != 2:
            continue
        for row in sample.rows:
            if len(row) == 2 and row[0].casefold() in names and ANY_VERSION.fullmatch(row[1]):
                return row[1].lstrip("v"), sid
    return None


def upstream_version(debian: str) -> str:
    """The program's own version in a Debian package version (Debian policy 5.6.12:
    `[epoch:]upstream_version[-debian_revision]`), without a repack's suffix
    (`+dfsg`, `+ds`): `1:2.4+dfsg-3` is frob 2.4."""
    version = debian.split(":", 1)[-1]
    version = version.rsplit("-", 1)[0] if "-" in version else version
    return _REPACK.sub("", version)


_REPACK = re.compile(r"[+~](?:dfsg|ds|repack)\d*$", re.IGNORECASE)


def _helpers_authors(mans: list[tuple[str, Content]], own: str | None, author: str) -> list[tuple[str, str]]:
    """The authors of the other commands' manual pages on an entity's page who are
    not its own manual's (frob-show's `Jane Roe and John Doe`,
    frob-get's `Ann Smith`), each with its command, once."""
    said = {_names(author)}
    out: list[tuple[str, str]] = []
    for sid, content in mans:
        if sid == own or content.man is None:
            continue
        for key, value in content.facts:
            names = _names(value)
            if key == "Author" and names not in said and not all(n in author.casefold() for n in names):
                said.add(names)  # (`Info-ZIP` under `Copyright (C) 1997-2008 Info-ZIP` is said)
                out.append((f"{value} ({content.man.names[0]})", sid))
    return out


def _suite_authors(mans: list[tuple[str, Content]]) -> AttributeRow | None:
    """Who wrote the manual pages of a suite of commands none of which is the entity's
    own: their one author when all name the same, else each with the command it wrote
    (`Jane Roe (frobctl)`): one command's author is no author of
    the whole, and the page leaves its AUTHOR section to this row."""
    found = [(value, sid, c.man.names[0]) for sid, c in mans if c.man is not None for key, value in c.facts if key == "Author"]
    if not found:
        return None
    sids = tuple(dict.fromkeys(sid for _, sid, _ in found))
    if len({_names(value) for value, _, _ in found}) == 1 and len(found) == len(mans):
        return AttributeRow("Author", found[0][0], sids, "agreed")
    value = "; ".join(f"{author} ({command})" for author, _, command in found)  # (each as its page wrote it)
    return AttributeRow("Author", value, sids, "agreed")


def _names(authors: str) -> frozenset[str]:
    """The names an author line gives, however it lists them (`A and B`, `B, A`)."""
    return frozenset(n.strip(" .").casefold() for n in _NAME_SEPARATORS.split(_ADDRESSES.sub("", authors)) if n.strip(" ."))


_NAME_SEPARATORS = re.compile(r",|;|\band\b|&")
_ADDRESSES = re.compile(r"<[^>]*>|\S+@\S+")
