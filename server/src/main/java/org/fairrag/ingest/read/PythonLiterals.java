package org.fairrag.ingest.read;

import java.util.ArrayList;
import java.util.List;

/**
 * Parses the Python {@code repr} of string lists that pandas writes into CSV cells:
 * {@code ['Altitude', "Alzheimer's Disease"]} and {@code [['G16.500', 'N06.230'], ['C08.618']]}.
 * Strings may use either quote and backslash escapes; names may contain commas and brackets.
 */
final class PythonLiterals {

    private final String text;
    private int pos;

    private PythonLiterals(String text) {
        this.text = text;
    }

    /** A flat list of strings; a blank cell is an empty list. */
    static List<String> stringList(String text) {
        if (text == null || text.isBlank()) {
            return List.of();
        }
        PythonLiterals parser = new PythonLiterals(text);
        List<String> list = new ArrayList<>();
        parser.list(() -> list.add(parser.string()));
        parser.end();
        return list;
    }

    /** A list of string lists; a blank cell is an empty list. */
    static List<List<String>> nestedStringList(String text) {
        if (text == null || text.isBlank()) {
            return List.of();
        }
        PythonLiterals parser = new PythonLiterals(text);
        List<List<String>> lists = new ArrayList<>();
        parser.list(() -> {
            List<String> inner = new ArrayList<>();
            parser.list(() -> inner.add(parser.string()));
            lists.add(inner);
        });
        parser.end();
        return lists;
    }

    /** Parses {@code [item, item, ...]} (a trailing comma allowed), calling {@code item} for each. */
    private void list(Runnable item) {
        expect('[');
        skipSpaces();
        while (peek() != ']') {
            item.run();
            skipSpaces();
            if (peek() == ',') {
                pos++;
                skipSpaces();
            } else if (peek() != ']') {
                throw error("expected ',' or ']'");
            }
        }
        pos++;
    }

    private String string() {
        skipSpaces();
        char quote = peek();
        if (quote != '\'' && quote != '"') {
            throw error("expected a quoted string");
        }
        pos++;
        StringBuilder out = new StringBuilder();
        while (true) {
            char c = next();
            if (c == quote) {
                return out.toString();
            }
            out.append(c == '\\' ? escaped() : c);
        }
    }

    private char escaped() {
        char c = next();
        return switch (c) {
            case 'n' -> '\n';
            case 't' -> '\t';
            case 'r' -> '\r';
            case 'x' -> hex(2);
            case 'u' -> hex(4);
            default -> c; // \\, \', \" and unknown escapes stand for the character itself
        };
    }

    private char hex(int digits) {
        if (pos + digits > text.length()) {
            throw error("truncated escape");
        }
        try {
            char c = (char) Integer.parseInt(text.substring(pos, pos + digits), 16);
            pos += digits;
            return c;
        } catch (NumberFormatException e) {
            throw error("bad escape");
        }
    }

    private void expect(char c) {
        skipSpaces();
        if (peek() != c) {
            throw error("expected '" + c + "'");
        }
        pos++;
    }

    private void end() {
        skipSpaces();
        if (pos < text.length()) {
            throw error("unexpected text after the list");
        }
    }

    private void skipSpaces() {
        while (pos < text.length() && Character.isWhitespace(text.charAt(pos))) {
            pos++;
        }
    }

    private char peek() {
        if (pos >= text.length()) {
            throw error("unexpected end");
        }
        return text.charAt(pos);
    }

    private char next() {
        char c = peek();
        pos++;
        return c;
    }

    private IllegalArgumentException error(String what) {
        return new IllegalArgumentException(what + " at offset " + pos + " of a Python list literal");
    }
}
