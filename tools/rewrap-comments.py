#!/usr/bin/env python3
"""Rewraps comment paragraphs that run past the print width (Prettier leaves comments as written).

Usage: python3 tools/rewrap-comments.py [--width 110] FILE...

A paragraph is a run of comment lines with the same prefix (`// `, ` * `) whose text is neither blank, nor a list
item's continuation of another indent, nor indented code. Only paragraphs holding a line longer than the width are
rewrapped; words are never split. Lines inside template literals are not comments and are never touched.
"""
import re
import sys
import textwrap

WIDTH = 110
PREFIX = re.compile(r'^(?P<indent>[ \t]*)(?P<mark>// ?|\* ?|/\*\* ?)(?P<text>.*)$')


def comment_parts(line):
    m = PREFIX.match(line)
    if not m:
        return None
    mark = m.group('mark')
    text = m.group('text')
    if mark.startswith('*') and text.startswith('/'):
        return None  # the closing line of a block comment
    return m.group('indent'), mark, text


def rewrap(lines, width):
    out = []
    i = 0
    in_template = False
    while i < len(lines):
        line = lines[i]
        # Track template literals crudely: an odd number of unescaped backticks toggles.
        ticks = len(re.findall(r'(?<!\\)`', line))
        parts = None if in_template else comment_parts(line)
        if ticks % 2 == 1:
            in_template = not in_template
        if parts is None or re.search(r'eslint-|@ts-|prettier-ignore', line):
            out.append(line)
            i += 1
            continue
        indent, mark, text = parts
        if mark.startswith('/**'):
            # A one-line doc comment past the width becomes a block; any other opening line stays as it is.
            one_line = text.rstrip().endswith('*/')
            if one_line and len(line) > width:
                inner = text.rstrip()[:-2].strip()
                room = width - len(indent + ' * ')
                wrapped = textwrap.wrap(inner, width=room, break_long_words=False, break_on_hyphens=False)
                out.append(indent + '/**')
                out.extend(indent + ' * ' + w for w in wrapped)
                out.append(indent + ' */')
            else:
                out.append(line)
            i += 1
            continue
        # Collect the paragraph: same indent and mark, plain text continuing the first line's text indent.
        body_indent = len(text) - len(text.lstrip(' '))
        para = [text]
        j = i + 1
        while j < len(lines):
            nxt = comment_parts(lines[j])
            if nxt is None or nxt[0] != indent or nxt[1].strip() != mark.strip():
                break
            t = nxt[2]
            stripped = t.strip()
            if (
                not stripped
                or stripped.startswith(('- ', '* ', '@', '```', '|', '#'))
                or re.match(r'^\d+\. ', stripped)
                or stripped.endswith('*/')
                or (len(t) - len(t.lstrip(' '))) != body_indent
            ):
                break
            para.append(t)
            j += 1
        too_long = any(len(indent + mark + t) > width for t in para)
        if not too_long or text.strip() == '' or body_indent > 3:
            out.extend(lines[i:j])
            i = j
            continue
        first_pad = ' ' * body_indent
        # A list item's own line keeps its marker; its continuation lines hang under the item's text.
        item = re.match(r'^(\s*(?:- |\d+\. ))', text)
        hang = ' ' * len(item.group(1)) if item else first_pad
        words = ' '.join(t.strip() for t in para)
        room = width - len(indent + mark.rstrip() + ' ')
        wrapped = textwrap.wrap(
            words,
            width=room,
            initial_indent=first_pad,
            subsequent_indent=hang,
            break_long_words=False,
            break_on_hyphens=False,
        )
        sep = mark if mark.endswith(' ') else mark + ' '
        out.extend(indent + sep + w for w in wrapped)
        i = j
    return out


def main(argv):
    width = WIDTH
    files = []
    k = 0
    while k < len(argv):
        if argv[k] == '--width':
            width = int(argv[k + 1])
            k += 2
        else:
            files.append(argv[k])
            k += 1
    changed = 0
    for path in files:
        with open(path, encoding='utf-8') as f:
            source = f.read()
        lines = source.split('\n')
        new = rewrap(lines, width)
        if new != lines:
            with open(path, 'w', encoding='utf-8') as f:
                f.write('\n'.join(new))
            changed += 1
    print(f'{changed} files rewrapped')


if __name__ == '__main__':
    main(sys.argv[1:])
