"""What an extracted document says about itself, read from its markdown text.

Pure functions of one document's extracted text (and the properties its file
carried, `extract.base.INFO_KEYS`), shared by the engines: `blocks` cuts the text
into headings, paragraphs, list items, tables and code; `furniture` finds what is
not the document's own content (navigation, tables of contents, running page
headers, badges, licence boilerplate); `identity` reads the document's title, kind,
subject, date and author.
"""
