package org.fairrag.ingest.read;

import java.util.ArrayList;
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

    private final String name;
    /** Alternating attribute names and values. */
    private final String[] attributes;
    /** Text runs (String) and child elements (XmlElement) in document order. */
    private final List<Object> content = new ArrayList<>();

    private XmlElement(String name, String[] attributes) {
        this.name = name;
        this.attributes = attributes;
    }

    /**
     * Reads the element at the reader's current START_ELEMENT up to its END_ELEMENT, leaving the reader
     * there. Descendants named in {@code skipped} are consumed but not kept. Entity references that are
     * not expanded (the reader runs without DTD) are dropped.
     */
    static XmlElement read(XMLStreamReader reader, Set<String> skipped) throws XMLStreamException {
        XmlElement element = start(reader);
        while (true) {
            switch (reader.next()) {
                case XMLStreamConstants.START_ELEMENT -> {
                    if (skipped.contains(reader.getLocalName())) {
                        skip(reader);
                    } else {
                        element.content.add(read(reader, skipped));
                    }
                }
                case XMLStreamConstants.CHARACTERS, XMLStreamConstants.CDATA, XMLStreamConstants.SPACE ->
                        element.content.add(reader.getText());
                case XMLStreamConstants.END_ELEMENT -> {
                    return element;
                }
                default -> { }
            }
        }
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
