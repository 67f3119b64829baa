"""Build the mimesis part of the held-out development corpus (see README.md here).

mimesis (a fake-data generator written independently of Faker; no detector here uses it)
generates identifiers with its own code: the locale providers of its 11.x releases (the last
to ship them: Brazilian CPF, Danish CPR, Italian codice fiscale, Dutch BSN, Polish PESEL
and NIP, Russian passport series and number, SNILS and INN, US social security numbers),
telephone numbers for 13 locales, e-mail addresses, card numbers and Bitcoin and Ethereum
addresses (``pii``, as the other generator part counts them); and look-alikes (``benign``):
US parcel tracking numbers, Russian bank BICs, ISBNs, EANs, ISSNs, IMEIs, MAC addresses,
UUIDs, hashes, versions and postcodes of the same locales. Left out: company registers
(CNPJ, REGON, OGRN, KPP: a company's, not a person's, as in the Presidio part), and
values whose format a person would not write in a memory (a CVV alone, a PIN).

Run once, from the repository root (mimesis is installed only for this script):

    pip install --target /tmp/mimesis mimesis==11.1.0
    PYTHONPATH=/tmp/mimesis python tests/data/detection/build_mimesis_corpus.py

Every value comes from a generator seeded by a hash of its kind, ``PER_KIND`` distinct
values per kind (per locale for telephones and postcodes), so a rebuild writes the same
files. Personal values go into the sentence templates of the Faker part
(``build_dev_corpus.PII_TEMPLATES``), look-alikes into ``build_dev_corpus.BENIGN_TEMPLATES``
and ``build_validatorjs_corpus.NEW_BENIGN_TEMPLATES`` where a kind is there and into
``MORE_BENIGN_TEMPLATES`` below (**written for this corpus**) otherwise. mimesis' telephone
numbers fill a mask with random digits, so many are not valid numbers of their numbering
plan: they are kept as the generator's label says (a telephone number), and the figures
are reported per kind.

It writes ``mimesis_tuning.jsonl`` and ``mimesis_sealed.jsonl`` beside this file: every
case goes to one of them by a SHA-256 hash of its id (even: tuning, odd: sealed), decided
before any detector was adjusted on it. The tests read only the two JSONL files.
"""

from collections.abc import Callable, Iterator
from typing import Any

from build_corpus import _case  # one case shape for every corpus (a script sees its own folder)
from build_dev_corpus import BENIGN_TEMPLATES, MAX_TEXT, PII_TEMPLATES, _stable, write_split
from build_validatorjs_corpus import NEW_BENIGN_TEMPLATES

PER_KIND = 8
PER_LOCALE = 3
LOCALES = ("en", "de", "fr", "ru", "pt-br", "it", "pl", "nl", "da", "zh", "ja", "es", "ko")
MORE_BENIGN_TEMPLATES = {
    "bik": ("The user's Russian bank has BIC {v}.", "用户在俄罗斯的开户行 BIC 是 {v}。"),
}


def _generators() -> dict[str, tuple[str, str, Callable[[int], str]]]:
    """Kind: (category, how a person names it or the look-alike's template kind, a
    generator of one value from a seed)."""
    from mimesis import Address, Code, Cryptographic, Development, Internet, Payment, Person
    from mimesis.builtins import (
        BrazilSpecProvider,
        DenmarkSpecProvider,
        ItalySpecProvider,
        NetherlandsSpecProvider,
        PolandSpecProvider,
        RussiaSpecProvider,
        USASpecProvider,
    )

    kinds: dict[str, tuple[str, str, Callable[[int], str]]] = {
        "br.cpf": ("pii", "CPF", lambda s: BrazilSpecProvider(seed=s).cpf()),
        "dk.cpr": ("pii", "CPR number", lambda s: DenmarkSpecProvider(seed=s).cpr()),
        "it.fiscal_code": ("pii", "codice fiscale", lambda s: ItalySpecProvider(seed=s).fiscal_code()),
        "nl.bsn": ("pii", "BSN", lambda s: NetherlandsSpecProvider(seed=s).bsn()),
        "pl.pesel": ("pii", "PESEL", lambda s: PolandSpecProvider(seed=s).pesel()),
        "pl.nip": ("pii", "NIP", lambda s: PolandSpecProvider(seed=s).nip()),
        "ru.passport": ("pii", "passport number", lambda s: RussiaSpecProvider(seed=s).series_and_number()),
        "ru.snils": ("pii", "SNILS", lambda s: RussiaSpecProvider(seed=s).snils()),
        "ru.inn": ("pii", "INN", lambda s: RussiaSpecProvider(seed=s).inn()),
        "us.ssn": ("pii", "social security number", lambda s: USASpecProvider(seed=s).ssn()),
        "email": ("pii", "e-mail address", lambda s: Person(seed=s).email()),
        "card": ("pii", "card number", lambda s: Payment(seed=s).credit_card_number()),
        "bitcoin": ("pii", "Bitcoin address", lambda s: Payment(seed=s).bitcoin_address()),
        "ethereum": ("pii", "Ethereum address", lambda s: Payment(seed=s).ethereum_address()),
        "us.tracking": ("benign", "tracking", lambda s: USASpecProvider(seed=s).tracking_number()),
        "ru.bic": ("benign", "bik", lambda s: RussiaSpecProvider(seed=s).bic()),
        "isbn": ("benign", "isbn", lambda s: Code(seed=s).isbn()),
        "ean": ("benign", "ean", lambda s: Code(seed=s).ean()),
        "issn": ("benign", "issn", lambda s: Code(seed=s).issn()),
        "imei": ("benign", "imei", lambda s: Code(seed=s).imei()),
        "mac": ("benign", "mac", lambda s: Internet(seed=s).mac_address()),
        "uuid": ("benign", "uuid", lambda s: str(Cryptographic(seed=s).uuid())),
        "sha256": ("benign", "sha256", lambda s: Cryptographic(seed=s).hash()),
        "version": ("benign", "version", lambda s: Development(seed=s).version()),
    }  # fmt: skip
    for locale in LOCALES:
        kinds[f"{locale}.telephone"] = (
            "pii",
            "phone number",
            lambda s, loc=locale: Person(loc, seed=s).telephone(),
        )
        kinds[f"{locale}.postcode"] = (
            "benign",
            "postcode",
            lambda s, loc=locale: Address(loc, seed=s).postal_code(),
        )
    return kinds


def _values(kind: str, generate: Callable[[int], str], wanted: int) -> list[str]:
    seen: dict[str, None] = {}
    for attempt in range(wanted * 4):
        seen.setdefault(generate(_stable(f"{kind}:{attempt}") % 2**32), None)
        if len(seen) == wanted:
            break
    return list(seen)


def mimesis_cases() -> Iterator[dict[str, Any]]:
    for kind, (category, name, generate) in _generators().items():
        wanted = PER_LOCALE if kind.endswith((".telephone", ".postcode")) else PER_KIND
        for value in _values(kind, generate, wanted):
            key = f"mimesis:{kind}:{value}"
            source = f"mimesis {kind}"
            if category == "pii":
                template = PII_TEMPLATES[_stable(key) % len(PII_TEMPLATES)]
                text = template.format(name=name, value=value)
                case = _case(key, "pii", source, text, "documents")
            else:
                pair = (
                    BENIGN_TEMPLATES.get(name)
                    or NEW_BENIGN_TEMPLATES.get(name)
                    or MORE_BENIGN_TEMPLATES[name]
                )
                text = pair[_stable(key) % 2].format(v=value)
                case = _case(key, "benign", source, text, "reference")
            if len(text) <= MAX_TEXT:
                yield case


def main() -> None:
    write_split(mimesis_cases(), "mimesis")


if __name__ == "__main__":
    main()
