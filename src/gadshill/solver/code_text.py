"""The text machinery of gadshill's codes: bits, Crockford base 32, a check that catches slips.

A code is a bit string written five bits a character in Crockford's base 32 (no I, L,
O or U, so a code read off paper is typed right; ``i``/``l`` are read as ``1`` and
``o`` as ``0``; case and spaces do not matter). :class:`BitWriter` and
:class:`BitReader` pack and unpack the fields; :func:`with_check` appends two check
characters and :func:`check_holds` tests them.

The check makes the whole text -- body and check characters read as one base-32
number ``V`` -- a multiple of the prime ``P = 1021``: for a body of value ``B`` the
two check characters hold ``c = (-B * 1024) mod P`` (below 1024, so two characters),
and ``V = B * 1024 + c``. Why every single slip is caught:

- one wrong character at position ``k`` (from the right, check characters included)
  changes ``V`` by ``d * 32**k`` with ``0 < |d| < 32``. ``P`` is a prime that divides
  neither ``d`` (smaller than ``P``) nor ``32**k`` (a power of two), so it does not
  divide their product: the changed text is not a multiple of ``P``;
- two neighbouring characters ``a`` (at ``k + 1``) and ``b`` (at ``k``) swapped, with
  ``a != b``: ``V`` changes by ``(b - a) * 32**(k + 1) + (a - b) * 32**k =
  (b - a) * 31 * 32**k``. ``|b - a| < 32``, 31 and 2 are all smaller than ``P`` and
  ``P`` is prime, so again ``P`` divides no factor and not the product.

>>> bits = BitWriter()
>>> bits.put(5, 3); bits.put_count(0); bits.put_count(6)
>>> text = with_check(bits.text())
>>> check_holds(text), check_holds(text[:-2] + text[-1] + text[-2])
(True, False)
>>> reader = BitReader.of(text[:-2])
>>> reader.take(3), reader.take_count(), reader.take_count()
(5, 0, 6)
"""

from __future__ import annotations

#: Crockford's base 32 in lower case
ALPHABET = "0123456789abcdefghjkmnpqrstvwxyz"
#: letters a reader may type for a digit they look like
CONFUSED = {"i": "1", "l": "1", "o": "0"}
#: the prime the whole code (body and check characters) is a multiple of
CHECK_PRIME = 1021
#: characters of the check
CHECK_CHARS = 2


class CodeTooShort(ValueError):
    """The bits ran out before the fields did (a character missing?)."""


def normalise(text: str) -> str:
    """``text`` as the code's own characters: lower case, no spaces, look-alikes mended.

    Characters that cannot be in a code are left for :func:`bad_characters` to name.

    >>> normalise(" 3K9 oIl ")
    '3k9011'
    """
    lowered = "".join(text.split()).casefold()
    return "".join(CONFUSED.get(c, c) for c in lowered)


def bad_characters(text: str) -> str:
    """The characters of a normalised ``text`` that are not in the alphabet (sorted, once)."""
    return "".join(sorted({c for c in text if c not in ALPHABET}))


def value_of(text: str) -> int:
    """The base-32 number a text (of alphabet characters) writes."""
    value = 0
    for c in text:
        value = value << 5 | ALPHABET.index(c)
    return value


def text_of(value: int, length: int) -> str:
    """``value`` written in exactly ``length`` base-32 characters."""
    return "".join(ALPHABET[value >> (5 * i) & 31] for i in reversed(range(length)))


def with_check(body: str) -> str:
    """``body`` and its two check characters: the whole is a multiple of :data:`CHECK_PRIME`."""
    check = -value_of(body) * 32**CHECK_CHARS % CHECK_PRIME
    return body + text_of(check, CHECK_CHARS)


def check_holds(text: str) -> bool:
    """Whether a body with its check characters adds up (see the module's proof)."""
    return len(text) > CHECK_CHARS and value_of(text) % CHECK_PRIME == 0


class BitWriter:
    """Fields appended as bits, most significant first."""

    def __init__(self) -> None:
        self.value = 0
        self.size = 0

    def put(self, number: int, width: int) -> None:
        """``number`` in ``width`` bits; one that does not fit is a ValueError."""
        if not 0 <= number < 1 << width:
            raise ValueError(f"{number} does not fit in {width} bits")
        self.value = self.value << width | number
        self.size += width

    def put_count(self, count: int) -> None:
        """A count of any size, short when small (Elias gamma of ``count + 1``:
        0 takes 1 bit, 1-2 take 3, 3-6 take 5, 7-14 take 7)."""
        if count < 0:
            raise ValueError(f"a count cannot be {count}")
        width = (count + 1).bit_length()
        self.put(0, width - 1)
        self.put(count + 1, width)

    def text(self) -> str:
        """The bits as whole characters (zero bits pad the last one)."""
        pad = -self.size % 5
        return text_of(self.value << pad, (self.size + pad) // 5)


class BitReader:
    """Fields read back in the order a :class:`BitWriter` put them."""

    def __init__(self, value: int, size: int) -> None:
        self.value, self.left = value, size

    @classmethod
    def of(cls, text: str) -> BitReader:
        """A reader of a text's bits (alphabet characters, no check)."""
        return cls(value_of(text), 5 * len(text))

    def take(self, width: int) -> int:
        if width > self.left:
            raise CodeTooShort("the code is too short (a character missing?)")
        self.left -= width
        return self.value >> self.left & ((1 << width) - 1)

    def take_count(self) -> int:
        zeros = 0
        while self.take(1) == 0:
            zeros += 1
        return (1 << zeros | self.take(zeros)) - 1

    def at_end(self) -> bool:
        """Whether only the zero padding of the last character is left."""
        return self.left < 5 and self.take(self.left) == 0
