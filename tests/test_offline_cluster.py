"""Clustering quality of the offline engine on a labelled corpus, and matching to the wiki.

The corpus below is nine real-world entities, each described by 2-4 documents in
different formats and wordings (a contract-like `Key: value` text, a meeting note that
talks about it in prose, a CSV/GFM table row, a markdown note; two entities share no
name or code at all and can only be found by their content), plus distractors on
related topics: another supplier's contract from the same template, general policies
and meetings that mention several entities. Labels are the entity each document is
about; quality is pairwise precision/recall/F1 over document pairs and the adjusted
Rand index (scikit-learn), printed with `pytest -s` and enforced below.
"""

from __future__ import annotations

import dataclasses
import itertools
import random
from datetime import UTC, datetime

from sklearn.metrics import adjusted_rand_score

from wikid.config import OfflineConfig
from wikid.manager import ExistingConcept, ManagerResult, SourceDocument
from wikid.manager.offline.cluster import concept_info, group_documents
from wikid.manager.offline.engine import OfflineEngine
from wikid.manager.offline.related import TitleIndex
from wikid.manager.offline.signals import read_signals
from wikid.okf.page import render_page, split_page

NOW = datetime(2026, 7, 12, 13, 5, tzinfo=UTC)
MIN_F1 = 0.85
MIN_ARI = 0.80
MIN_MATCH = 0.85

# (input path, entity label, extracted text)
CORPUS: list[tuple[str, str, str]] = [
    # --- Northwind Packaging: a supplier of cartons --------------------------------
    ("contracts/northwind-2024.docx", "northwind", """# Supply Agreement

Supplier: Northwind Packaging GmbH, Hafenstrasse 12, Bremen
Customer: Harbor & Pine Coffee Roasters
Vendor ID: VND-2209
Date: 2024-01-15

# Terms

Payment terms: 30 days
Minimum order: 500 cartons
Carton size: 12 kg double-wall
Delivery: within 5 working days

Northwind Packaging supplies the double-wall shipping cartons and the printed sleeves
for our 1 kg retail bags. Cartons are delivered on Euro pallets of 250 pieces.
"""),
    ("meetings/2024-09-ops.txt", "northwind", """Ops meeting - 3 September 2024

We talked mostly about Northwind Packaging. The last two carton deliveries from
Northwind arrived late and one pallet of double-wall cartons was crushed in transit.
Maya will ask Northwind for a credit note for the crushed cartons and for a firm
delivery window. If Northwind cannot commit to 5 working days we look for a second
carton supplier before the Christmas peak.
"""),
    ("price-lists/northwind-cartons.csv", "northwind", """| supplier | vendor_id | item | price_eur | pallet_qty |
|---|---|---|---|---|
| Northwind Packaging GmbH | VND-2209 | double-wall carton 12 kg | 0.84 | 250 |
"""),
    ("notes/northwind.md", "northwind", """# Northwind Packaging

Our carton supplier in Bremen. Contact: Lena Vogt (lena.vogt@northwind.example.com).
Northwind prints the retail sleeves too; artwork goes to them as PDF with 3 mm bleed.
Payment terms: 45 days
Updated: 2025-02-01
"""),
    # --- db-prod-03: the order database server -------------------------------------
    ("inventory/db-prod-03.csv", "dbprod03", """| hostname | role | os | cpu | ram_gb | location |
|---|---|---|---|---|---|
| db-prod-03 | PostgreSQL primary | Debian 12 | 8 vCPU | 32 | eu-west rack B |
"""),
    ("incidents/disk-full.md", "dbprod03", """# Incident: database disk full on db-prod-03

Host: db-prod-03
Date: 2025-06-10

On Tuesday the PostgreSQL primary db-prod-03 ran out of disk space because old write-ahead
logs and application logs were never rotated. The order portal could not write orders
for about 40 minutes. We added log rotation and a disk usage alert at 80 percent on
db-prod-03, and archived WAL files now go to object storage.
"""),
    ("runbooks/db-prod-03-failover.txt", "dbprod03", """Failover procedure for db-prod-03

db-prod-03 is the PostgreSQL primary behind the order portal; db-prod-04 is its streaming
replica. To fail over, stop writes on db-prod-03, promote db-prod-04 with pg_ctl promote,
then point the portal connection string at the new primary and rebuild db-prod-03 as a
replica from a fresh base backup.
"""),
    # --- Harvest Blend: a coffee product ------------------------------------------
    ("products/harvest-blend.txt", "harvest", """Product: Harvest Blend
SKU: HB-1000
Roast: medium
Components: 60% Brazil Cerrado natural, 40% Colombia Huila washed
Bag sizes: 250 g, 1 kg
Price: EUR 24.50 per kg

Harvest Blend is our autumn house espresso, sweet and nutty with a cocoa finish.
"""),
    ("notes/cupping-2025-10.md", "harvest", """# Cupping notes, October 2025

We cupped the new Harvest Blend (HB-1000) roast profile against last year's. The Brazil
Cerrado component now carries more chocolate and the Huila washed lot adds a bright
red-apple acidity. Harvest Blend works best as espresso at 18 g in, 38 g out, 28 seconds.
"""),
    ("price-lists/retail-2025.md", "harvest", """# Harvest Blend retail pricing

| Attribute | Value |
|---|---|
| SKU | HB-1000 |
| Price | EUR 26.00 per kg |
| Bag sizes | 250 g, 1 kg |
| Updated | 2025-11-01 |
"""),
    # --- Kestrel Cloud: hosting provider --------------------------------------------
    ("invoices/kestrel-2025-03.pdf", "kestrel", """## Page 1

Kestrel Cloud Hosting Ltd.
Invoice KC-INV-88120
Customer account: KC-55812
Date: 2025-03-31
Service period: March 2025
Virtual machines (3 x standard-4): EUR 312.00
Managed PostgreSQL: EUR 145.00
Object storage 500 GB: EUR 11.50
Total due: EUR 468.50
Payment terms: 14 days
"""),
    ("meetings/2025-04-platform.txt", "kestrel", """Platform sync - 8 April 2025

Sam presented the Kestrel Cloud Hosting bill for March: 468 euros, mostly the three
virtual machines and the managed PostgreSQL instance. Kestrel raised object storage
prices from April. We agreed to keep Kestrel Cloud for now and review the hosting
contract with Kestrel in the autumn, comparing it with two other cloud providers.
"""),
    ("vendors/kestrel.md", "kestrel", """---
title: Kestrel Cloud Hosting
---

Kestrel Cloud Hosting runs our virtual machines, the managed PostgreSQL database and
object storage in their eu-west region. Customer account KC-55812.

Support: support@kestrel.example.com, 24/7 for severity 1 tickets
Payment terms: 14 days
"""),
    # --- Cafe Lumen: a wholesale customer -------------------------------------------
    ("customers/cafe-lumen.txt", "lumen", """Wholesale account form

Customer: Café Lumen
Customer number: CUST-0412
Address: 7 Mill Lane, Portside
Contact: Ines Duarte, owner
Delivery days: Tuesday
Blend: Harbor House espresso, 6 kg per week
Payment terms: 14 days
"""),
    ("meetings/2025-05-sales.txt", "lumen", """Sales catch-up - 20 May 2025

Ines from Cafe Lumen asked to move their weekly delivery from Tuesday to Thursday
because the café is closed on Tuesdays over the summer. Cafe Lumen also wants to try a
decaf for the afternoon menu; Luis will send them samples. Lumen has paid every invoice
on time since they opened their account.
"""),
    ("customers/accounts.csv", "lumen", """| customer | customer_number | delivery_day | weekly_kg |
|---|---|---|---|
| Café Lumen | CUST-0412 | Thursday | 6 |
"""),
    # --- Probat roaster: equipment ---------------------------------------------------
    ("equipment/probat-p25.txt", "probat", """Equipment record

Name: Probat P25 roaster
Asset tag: ASSET-7731
Serial number: P25-0098812
Installed: 2019
Capacity: 25 kg per batch
Service contract: Rösttechnik Nord
"""),
    ("maintenance/2025-afterburner.md", "probat", """# Afterburner service report

Rösttechnik Nord serviced the afterburner and the drum bearings of our Probat P25
roaster (asset ASSET-7731) on 24 June 2025. The burner nozzle was replaced and the
exhaust fan was cleaned. Next service of the P25 roaster is due in December 2025.
"""),
    # --- PayFlow: payroll software ---------------------------------------------------
    ("services/payflow.txt", "payflow", """Service: PayFlow
Provider: PayFlow Systems AB
Used for: monthly payroll, payslips, tax filings
Plan: Business, 12 users
Renewal: 2026-01-01
Owner: Finance (Priya)
"""),
    ("notes/payroll-run.md", "payflow", """# How we run payroll

Payroll runs in PayFlow on the 25th of each month. Priya imports the hours from the
time sheets into PayFlow, checks the payslips and approves the run; PayFlow files the
monthly tax report automatically. PayFlow support answers by chat within a day.
"""),
    # --- The tasting-bar espresso machine: no names or codes, only shared content ----
    ("notes/espresso-cleaning.md", "linea", """# Espresso machine cleaning

The tasting bar has a two-group La Marzocco Linea. Whoever closes the bar backflushes
each group with plain water, soaks the portafilter baskets and wipes the group gaskets.
Every Friday the Linea is backflushed with Cafiza and the water softener salt is checked.
"""),
    ("notes/linea-repair.txt", "linea", """Steam wand leak at the tasting bar

The left steam wand of the La Marzocco Linea at the tasting bar leaked again on Monday.
The dealer replaced the steam valve gasket and descaled the boiler; the group gaskets
were worn too and were replaced while the machine was open.
"""),
    # --- The guest Wi-Fi: content only ------------------------------------------------
    ("it/guest-wifi.md", "wifi", """# Guest Wi-Fi at the roastery

Visitors and café guests use the separate guest wireless network, isolated from the
office network. The guest wifi password is printed on the card at the front desk and
rotates every quarter. The access points are on the ceiling of the tasting room.
"""),
    ("it/wifi-password-rotation.txt", "wifi", """Quarterly rotation of the guest wireless password

On the first Monday of each quarter the guest wifi password is changed on the access
points, the printed cards at the front desk are replaced, and the new password is sent
to the café staff. The office network is not affected.
"""),
    # --- Distractors (each its own entity) -------------------------------------------
    ("contracts/polar-labels-2024.docx", "polar", """# Supply Agreement

Supplier: Polar Labels Ltd., 3 Dock Road, Leith
Customer: Harbor & Pine Coffee Roasters
Vendor ID: VND-3107
Date: 2024-02-01

# Terms

Payment terms: 30 days
Minimum order: 2000 labels
Delivery: within 10 working days

Polar Labels prints the self-adhesive front and back labels for our retail bags.
Labels are delivered on rolls of 1000 pieces.
"""),
    ("policies/vendor-onboarding.md", "policy-vendors", """# Vendor onboarding policy

Every new supplier needs a signed supply agreement, a vendor ID from finance and a
named contact before the first purchase order. Payment terms longer than 30 days need
approval from the finance lead. Suppliers of food-contact packaging must send a
declaration of compliance.
"""),
    ("policies/server-patching.md", "policy-patching", """# Server patching policy

All production servers get security updates within 7 days of release. Database servers
are patched in the Sunday maintenance window after a verified backup; replicas first,
then the primary after a controlled failover. Patch status is reviewed monthly.
"""),
    ("meetings/2025-07-budget.txt", "budget", """Budget review - 2 July 2025

Finance walked through the half-year budget. Packaging (Northwind) and hosting (Kestrel)
costs are above plan, green coffee is on plan. We agreed to renegotiate packaging prices in the autumn and to
freeze new software subscriptions until October.
"""),
    ("notes/coffee-origins.md", "origins", """# Our coffee origins

Most of our green coffee comes from Brazil, Colombia, Ethiopia and Kenya. Brazilian
naturals give body and chocolate, washed Colombians sweetness and acidity, and
Ethiopian naturals fruit. We buy through two importers on quarterly contracts.
"""),
]


def pairwise_scores(labels: list[str], predicted: list[int]) -> tuple[float, float, float]:
    """Precision, recall and F1 over all document pairs ("same entity" as the positive class)."""
    tp = fp = fn = 0
    for a, b in itertools.combinations(range(len(labels)), 2):
        same_true, same_pred = labels[a] == labels[b], predicted[a] == predicted[b]
        tp += same_true and same_pred
        fp += same_pred and not same_true
        fn += same_true and not same_pred
    precision = tp / (tp + fp) if tp + fp else 1.0
    recall = tp / (tp + fn) if tp + fn else 1.0
    f1 = 2 * precision * recall / (precision + recall) if precision + recall else 0.0
    return precision, recall, f1


def cluster_corpus(config: OfflineConfig | None = None, tfidf_only: bool = False) -> tuple[list[str], list[int]]:
    """Labels and predicted cluster of each corpus document; `tfidf_only` blanks names and codes."""
    rows = sorted(CORPUS)
    texts = [text for _, _, text in rows]
    signals = [read_signals(t) for t in texts]
    if tfidf_only:
        blank = {"name": None, "strong_name": False, "identifiers": frozenset(), "mentioned_identifiers": frozenset()}
        signals = [dataclasses.replace(s, **blank) for s in signals]
    groups = group_documents(texts, signals, [], config or OfflineConfig())
    predicted = [0] * len(rows)
    for g, group in enumerate(groups):
        for m in group.members:
            predicted[m] = g
    return [label for _, label, _ in rows], predicted


def test_clustering_quality_on_the_labelled_corpus() -> None:
    labels, predicted = cluster_corpus()
    precision, recall, f1 = pairwise_scores(labels, predicted)
    ari = adjusted_rand_score(labels, predicted)
    rows = sorted(CORPUS)
    found: dict[int, list[str]] = {}
    for (rel, _, _), g in zip(rows, predicted, strict=True):
        found.setdefault(g, []).append(rel)
    report = (
        f"{len(rows)} documents, {len(set(labels))} entities -> {len(found)} clusters; "
        f"pairwise precision {precision:.3f} recall {recall:.3f} F1 {f1:.3f}, ARI {ari:.3f}\n"
        + "\n".join("  " + ", ".join(members) for members in found.values())
    )
    ablation_labels, ablation = cluster_corpus(tfidf_only=True)
    report += (f"\n  (TF-IDF alone, names and identifiers blanked: pairwise F1 "
               f"{pairwise_scores(ablation_labels, ablation)[2]:.3f}, ARI {adjusted_rand_score(ablation_labels, ablation):.3f})")
    print("\n" + report)
    assert f1 >= MIN_F1 and ari >= MIN_ARI, report


def test_same_template_contracts_for_two_suppliers_stay_apart() -> None:
    _, predicted = cluster_corpus()
    rels = [rel for rel, _, _ in sorted(CORPUS)]
    north = predicted[rels.index("contracts/northwind-2024.docx")]
    polar = predicted[rels.index("contracts/polar-labels-2024.docx")]
    assert north != polar


def test_clustering_does_not_depend_on_input_order() -> None:
    documents = [SourceDocument(rel, text) for rel, _, text in CORPUS]
    engine = OfflineEngine(OfflineConfig(), NOW)
    expected = engine.manage(documents, MemoryWiki()).pages
    for seed in range(3):
        shuffled = documents[:]
        random.Random(seed).shuffle(shuffled)
        assert engine.manage(shuffled, MemoryWiki()).pages == expected


def match_corpus(config: OfflineConfig | None = None) -> tuple[int, int, list[str]]:
    """Build the wiki from the first document of each entity (and the distractors), then
    drop the rest: (documents that share a page with their entity's first document, so
    that its page was extended -- or renamed, when the later documents named it better
    -- documents, misses)."""
    rows = sorted(CORPUS)
    first: dict[str, str] = {}
    for rel, label, _ in rows:
        first.setdefault(label, rel)
    batch1 = [SourceDocument(rel, text) for rel, label, text in rows if first[label] == rel]
    batch2 = [(SourceDocument(rel, text), label) for rel, label, text in rows if first[label] != rel]
    wiki = MemoryWiki()
    config = config or OfflineConfig()
    wiki.apply(OfflineEngine(config, NOW).manage(batch1, wiki), batch1)
    result = OfflineEngine(config, NOW).manage([d for d, _ in batch2], wiki)
    wiki.apply(result, [d for d, _ in batch2])

    def citing(rel: str) -> list[str]:
        return [cid for cid, text in wiki.pages.items() if f"resource: /archive/{rel}\n" in text]

    hits, misses = 0, []
    for doc, label in batch2:
        pages, expected = citing(doc.input_rel), citing(first[label])
        if len(pages) == 1 and pages == expected:
            hits += 1
        else:
            misses.append(f"{doc.input_rel} -> {pages}, expected the page of {first[label]}: {expected}")
    return hits, len(batch2), misses


def test_later_documents_update_their_entity_page() -> None:
    hits, total, misses = match_corpus()
    print(f"\nmatching to existing pages: {hits}/{total} documents updated their entity's page")
    assert hits / total >= MIN_MATCH, "\n".join(misses)


def test_strong_names_and_identifiers_link_documents_without_shared_words() -> None:
    texts = [
        "Vendor: Acme Tooling Inc.\nPayment terms: 30 days\n",
        "# Visit report\n\nName: Acme Tooling\nSite visit went well, new lathe ordered.\n",
        "Asset: ALG-32\nLocation: hall 2\n",
        "| code | colour |\n|---|---|\n| ALG-32 | red |\n",
    ]
    texts[3] = "Asset tag: ALG-32\nColour: red\n"
    groups = group_documents(texts, [read_signals(t) for t in texts], [], OfflineConfig())
    assert [g.members for g in groups] == [[0, 1], [2, 3]]


def test_a_group_matches_the_existing_concept_by_identifier_title_or_similarity() -> None:
    concepts = [
        concept_info(ExistingConcept("vendor/acme", {"type": "Vendor", "title": "Acme Tooling"}, "Vendor ID: VND-1\n")),
        concept_info(ExistingConcept("server/web-01", {"type": "Server", "title": "web-01"}, "Runs nginx.\n")),
    ]
    texts = ["Supplier ID: VND-1\nNotes: new price list\n", "Host: web-01\nRAM: 16 GB\n", "Unrelated words about gardening tools and roses in spring.\n"]
    groups = group_documents(texts, [read_signals(t) for t in texts], concepts, OfflineConfig())
    assert [(g.members, g.concept_id) for g in groups] == [([0], "vendor/acme"), ([1], "server/web-01"), ([2], None)]


def test_title_index_finds_names_of_two_words_or_one_long_word() -> None:
    index = TitleIndex(["atlas freight", "order portal", "memo"])
    found = index.mentioned("Atlas Freight has no pickup; the Order  Portal was down. Memo: x")
    assert found == {"atlas freight", "order portal"}


class MemoryWiki:
    """A WikiView over in-memory pages and archived texts, plus what the pipeline does after a batch."""

    def __init__(self) -> None:
        self.pages: dict[str, str] = {}
        self.archive: dict[str, str] = {}
        self.owned: set[str] = set()  # pages an engine result wrote (apply), not edited since

    def concepts(self) -> list[ExistingConcept]:
        out = []
        for cid in sorted(self.pages):
            fm, body = split_page(self.pages[cid])
            out.append(ExistingConcept(cid, fm, body))
        return out

    def archived_text(self, resource: str) -> str | None:
        return self.archive.get(resource)

    def fresh_pages(self) -> list[str]:
        return []

    def owned_pages(self) -> set[str]:
        return set(self.owned)

    @staticmethod
    def text_path(rel: str) -> str:
        return f"/archive/{rel.rsplit('.', 1)[0]}-extracted.txt"

    @classmethod
    def with_texts(cls, text: str, documents: list[SourceDocument]) -> str:
        """A page with `text:` added to the source entries of `documents`, as the pipeline does."""
        fm, body = split_page(text)
        rels = {f"/archive/{d.input_rel}": d.input_rel for d in documents}
        changed = False
        for entry in fm.get("sources") or []:
            if isinstance(entry, dict) and entry.get("resource") in rels and "text" not in entry:
                entry["text"] = cls.text_path(rels[entry["resource"]])
                changed = True
        return render_page(fm, body) if changed else text

    def apply(self, result: ManagerResult, documents: list[SourceDocument]) -> None:
        """Write pages, archive texts, add `text:` to each new source entry, remove the
        pages the result supersedes (as the pipeline does)."""
        for page in result.removed:
            self.pages.pop(page, None)
            self.owned.discard(page)
        for cid, text in result.pages.items():
            for doc in documents:
                if f"resource: /archive/{doc.input_rel}\n" in text:
                    self.archive[self.text_path(doc.input_rel)] = doc.text
            text = self.with_texts(text, documents)
            self.pages[cid] = text
            self.owned.add(cid)


def test_the_benchmarks_generated_entities_are_recovered(monkeypatch) -> None:
    """bench/cluster.py's 1,000 generated documents (334 entities; names of two
    pseudo-words, so one name's last word is often another's first): ARI 0.982 when a
    word inside a counted name was also taken for the name it starts."""
    from pathlib import Path

    monkeypatch.syspath_prepend(str(Path(__file__).resolve().parents[1] / "bench"))
    from cluster import generate  # bench/cluster.py

    docs, labels = generate(1000)
    texts = [text for _, text in docs]
    groups = group_documents(texts, [read_signals(t) for t in texts], [], OfflineConfig())
    predicted = [0] * len(texts)
    for g, group in enumerate(groups):
        for member in group.members:
            predicted[member] = g
    assert adjusted_rand_score(labels, predicted) >= 0.995
