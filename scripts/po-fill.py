#!/usr/bin/env python3
"""Fills empty msgstr entries of a .po catalog from a JSON map of msgid -> translation.
Usage: python3 scripts/po-fill.py src/i18n/locales/tr/messages.po translations.json"""
import json, re, sys

path, table = sys.argv[1], json.load(open(sys.argv[2], encoding='utf8'))
text = open(path, encoding='utf8').read()

def fill(m):
    mid = m.group(1)
    if mid and mid in table:
        return f'msgid "{mid}"\nmsgstr "{table[mid]}"\n'
    return m.group(0)

text = re.sub(r'msgid "(.*)"\nmsgstr ""\n', fill, text)
open(path, 'w', encoding='utf8').write(text)
