"""Translated-looking prose: each language turns every word into a stable pseudo-word.

Only the shape matters for the benchmark (same markup, text of about the same length, in
the language's script), so a word maps through a per-language vowel shift and suffix, and
Russian is transliterated to Cyrillic. The same word always gives the same pseudo-word in one
language, like a real translation memory would.
"""

from __future__ import annotations

import re
import zlib

_WORD = re.compile(r"[^\W\d_]{3,}")
_VOWELS = "aeiou"
_SUFFIXES: dict[str, tuple[str, ...]] = {
    "de": ("en", "ung", "er", "lich"),
    "fr": ("e", "ier", "eur", "ment"),
    "es": ("o", "ar", "ción", "es"),
    "it": ("o", "are", "zione", "i"),
    "nl": ("en", "heid", "ig", "er"),
    "cs": ("ý", "ost", "ní", "ek"),
    "sk": ("ý", "osť", "nie", "ok"),
    "pl": ("ość", "ny", "ek", "ów"),
    "pt": ("ão", "ar", "os", "mente"),
    "en": ("ing", "ed", "s", "ly"),
}
_CYRILLIC = str.maketrans(
    "abcdefghijklmnoprstuvyzăâîșțABCDEFGHIJKLMNOPRSTUVYZ",
    "абкдефгхийклмнопрстувызэаишцАБКДЕФГХИЙКЛМНОПРСТУВЫЗ",
)


class PseudoTranslator:
    """`prose(text)` rewrites the words of `text` for one language; markup is not its business."""

    def __init__(self, language: str) -> None:
        self.language = language
        self._seed = zlib.crc32(language.encode())
        self._cache: dict[str, str] = {}

    def word(self, word: str) -> str:
        cached = self._cache.get(word)
        if cached is not None:
            return cached
        mix = zlib.crc32(word.encode(), self._seed)
        shift = 1 + mix % 4
        shifted = "".join(
            _VOWELS[(_VOWELS.index(c) + shift) % 5] if c in _VOWELS else c for c in word
        )
        suffixes = _SUFFIXES.get(self.language)
        if self.language == "ru":
            result = shifted.translate(_CYRILLIC)
        elif suffixes:
            result = shifted[: max(3, len(shifted) - 2)] + suffixes[mix % len(suffixes)]
        else:
            result = shifted
        if word[0].isupper():
            result = result[0].upper() + result[1:]
        self._cache[word] = result
        return result

    def prose(self, text: str) -> str:
        return _WORD.sub(lambda m: self.word(m.group()), text)
