"""Reading the report's HTML in tests without a browser: a table's rows as cell texts, the
elements that carry a class, with the standard library's HTML parser."""

from __future__ import annotations

from dataclasses import dataclass, field
from html.parser import HTMLParser

VOID = {"br", "wbr", "img", "meta", "input", "link", "hr", "use", "rect", "path", "circle"}


@dataclass
class Element:
    tag: str
    attrs: dict[str, str]
    text: str = ""
    children: list[Element] = field(default_factory=list)

    def classes(self) -> set[str]:
        return set(self.attrs.get("class", "").split())

    def find_all(self, *, tag: str | None = None, cls: str | None = None) -> list[Element]:
        found = []
        for child in self.children:
            if (tag is None or child.tag == tag) and (cls is None or cls in child.classes()):
                found.append(child)
            found.extend(child.find_all(tag=tag, cls=cls))
        return found

    def by_id(self, ident: str) -> Element:
        for child in self.children:
            if child.attrs.get("id") == ident:
                return child
            try:
                return child.by_id(ident)
            except KeyError:
                continue
        raise KeyError(ident)


class _Builder(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.root = Element("#document", {})
        self.stack = [self.root]

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        element = Element(tag, {k: v or "" for k, v in attrs})
        self.stack[-1].children.append(element)
        if tag not in VOID:
            self.stack.append(element)

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.stack[-1].children.append(Element(tag, {k: v or "" for k, v in attrs}))

    def handle_endtag(self, tag: str) -> None:
        if tag in VOID:
            return
        for index in range(len(self.stack) - 1, 0, -1):
            if self.stack[index].tag == tag:
                del self.stack[index:]
                return

    def handle_data(self, data: str) -> None:
        for element in self.stack:
            element.text += data


def parse(text: str) -> Element:
    builder = _Builder()
    builder.feed(text)
    builder.close()
    return builder.root


def table_rows(document: Element, table_id: str) -> list[list[str]]:
    """The body rows of the table `table_id`, each as its cells' texts."""
    table = document.by_id(table_id)
    body = table.find_all(tag="tbody")[0]
    return [[cell.text for cell in row.find_all(tag="td")] for row in body.find_all(tag="tr")]


def table_header(document: Element, table_id: str) -> list[str]:
    return [th.text for th in document.by_id(table_id).find_all(tag="th")]
