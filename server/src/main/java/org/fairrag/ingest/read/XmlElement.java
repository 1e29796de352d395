package org.fairrag.ingest.read;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Set;
import javax.xml.stream.XMLStreamConstants;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;

/**
 * A small in-memory element tree for one record of a streamed XML file. Navigation never returns
 * null: a missing child is {@link #MISSING}, whose text is null and whose children are missing too.
 */
final class XmlElement {

    static final XmlElement MISSING = new XmlElement("", new String[0]);
    /** Deeper than any PubMed record (about 10); deep enough nesting would overflow the stack when read. */
    static final int MAX_DEPTH = 256;

    private final String name;
    /** Alternating attribute names and values. */
    private final String[] attributes;
    /** Text runs (String) and child elements (XmlElement) in document order. */
    private final List<Object> content = new ArrayList<>();

    private XmlElement(String name, String[] attributes) {
        this.name = name;
        this.attributes = attributes;
    }

    /** A record over a limit of {@link ReadLimits}, read to its end but not kept. */
    static final class TooLarge extends Exception {
        TooLarge(String reason) {
            super(reason, null, false, false);
        }
    }

    /**
     * Reads the element at the reader's current START_ELEMENT up to its END_ELEMENT, leaving the reader
     * there. Descendants named in {@code skipped} are consumed but not kept. Entity references that are
     * not expanded (the reader runs without DTD) are dropped.
     *
     * @throws TooLarge when a text node is longer than the text limit, the element larger than the record
     *                  limit or nested deeper than {@value #MAX_DEPTH}; what is over is never held, the
     *                  reader is still left at the element's END_ELEMENT
     */
    static XmlElement read(XMLStreamReader reader, Set<String> skipped, ReadLimits limits)
            throws XMLStreamException, TooLarge {
        XmlElement root = start(reader);
        Deque<XmlElement> open = new ArrayDeque<>();
        open.push(root);
        long size = root.cost();
        long textRun = 0;
        String tooLarge = null;
        int depth = 1;
        while (depth > 0) {
            switch (reader.next()) {
                case XMLStreamConstants.START_ELEMENT -> {
                    textRun = 0;
                    if (skipped.contains(reader.getLocalName())) {
                        skip(reader);
                        continue;
                    }
                    depth++;
                    if (tooLarge != null) {
                        continue;
                    }
                    XmlElement child = start(reader);
                    size += child.cost();
                    if (depth > MAX_DEPTH) {
                        tooLarge = "<" + root.name + "> is nested deeper than " + MAX_DEPTH + " elements";
                    } else if (size > limits.maxRecordChars()) {
                        tooLarge = limits.recordTooLong("<" + root.name + ">", -1);
                    } else {
                        open.peek().content.add(child);
                        open.push(child);
                    }
                }
                case XMLStreamConstants.CHARACTERS, XMLStreamConstants.CDATA, XMLStreamConstants.SPACE -> {
                    if (tooLarge != null) {
                        continue;
                    }
                    // The parser hands a long text node over in pieces: none is kept once it is over the limit.
                    int length = reader.getTextLength();
                    textRun += length;
                    size += length;
                    if (textRun > limits.maxTextChars()) {
                        tooLarge = limits.textTooLong("the text of <" + open.peek().name + ">");
                    } else if (size > limits.maxRecordChars()) {
                        tooLarge = limits.recordTooLong("<" + root.name + ">", -1);
                    } else {
                        open.peek().content.add(reader.getText());
                    }
                }
                case XMLStreamConstants.END_ELEMENT -> {
                    textRun = 0;
                    depth--;
                    if (tooLarge == null) {
                        open.pop();
                    }
                }
                default -> { }
            }
        }
        if (tooLarge != null) {
            throw new TooLarge(tooLarge);
        }
        return root;
    }

    /** What this element counts towards the record limit: its attributes and {@link ReadLimits#ELEMENT_CHARS}. */
    private long cost() {
        long cost = ReadLimits.ELEMENT_CHARS + name.length();
        for (String part : attributes) {
            cost += part.length();
        }
        return cost;
    }

    /** Consumes the element at the reader's current START_ELEMENT, up to its END_ELEMENT. */
    private static void skip(XMLStreamReader reader) throws XMLStreamException {
        int depth = 1;
        while (depth > 0) {
            int event = reader.next();
            if (event == XMLStreamConstants.START_ELEMENT) {
                depth++;
            } else if (event == XMLStreamConstants.END_ELEMENT) {
                depth--;
            }
        }
    }

    private static XmlElement start(XMLStreamReader reader) {
        int count = reader.getAttributeCount();
        String[] attributes = new String[2 * count];
        for (int i = 0; i < count; i++) {
            attributes[2 * i] = reader.getAttributeLocalName(i);
            attributes[2 * i + 1] = reader.getAttributeValue(i);
        }
        return new XmlElement(reader.getLocalName(), attributes);
    }

    String name() {
        return name;
    }

    /** The value of the attribute, or null. */
    String attribute(String attributeName) {
        for (int i = 0; i < attributes.length; i += 2) {
            if (attributes[i].equals(attributeName)) {
                return attributes[i + 1];
            }
        }
        return null;
    }

    /** The first child element with this name, or {@link #MISSING}. */
    XmlElement child(String childName) {
        for (Object item : content) {
            if (item instanceof XmlElement element && element.name.equals(childName)) {
                return element;
            }
        }
        return MISSING;
    }

    /** The child elements with this name, in document order. */
    List<XmlElement> children(String childName) {
        List<XmlElement> found = new ArrayList<>();
        for (Object item : content) {
            if (item instanceof XmlElement element && element.name.equals(childName)) {
                found.add(element);
            }
        }
        return found;
    }

    /** All text of this element and its descendants, markup dropped; null for {@link #MISSING}. */
    String text() {
        if (this == MISSING) {
            return null;
        }
        StringBuilder out = new StringBuilder();
        appendText(out);
        return out.toString();
    }

    private void appendText(StringBuilder out) {
        for (Object item : content) {
            if (item instanceof XmlElement element) {
                element.appendText(out);
            } else {
                out.append((String) item);
            }
        }
    }
}
