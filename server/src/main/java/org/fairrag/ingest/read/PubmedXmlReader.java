package org.fairrag.ingest.read;

import com.google.common.collect.AbstractIterator;
import java.io.BufferedInputStream;
import java.io.CharConversionException;
import java.io.IOException;
import java.io.InputStream;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.StringJoiner;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import javax.xml.stream.Location;
import javax.xml.stream.XMLInputFactory;
import javax.xml.stream.XMLStreamConstants;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;
import org.fairrag.ingest.ReadResult;
import org.fairrag.ingest.RecordReader;
import org.fairrag.ingest.SourceFormat;

/**
 * Reads NLM {@code PubmedArticleSet} XML with StAX, one {@code PubmedArticle} (or
 * {@code PubmedBookArticle}) in memory at a time. The DOCTYPE is never resolved and entity references
 * other than the XML built-ins are dropped, so no file or network resource is ever fetched. An article
 * with a text node over the text limit, or larger than the record limit, is rejected without being
 * held; markup longer than the text limit stops the file ({@link XmlMarkupLimit}).
 */
public final class PubmedXmlReader implements RecordReader {

    /** The {@code source} of every record this reader yields. */
    public static final String SOURCE = "pubmed_xml";

    private static final String ARTICLE = "PubmedArticle";
    private static final String BOOK_ARTICLE = "PubmedBookArticle";
    /** Large subtrees of an article that no field comes from. */
    private static final Set<String> SKIPPED = Set.of("ReferenceList", "CommentsCorrectionsList");

    private static final int DECLARATION_BYTES = 256;
    private static final Pattern DECLARED_ENCODING =
            Pattern.compile("^<\\?xml[^>]*?\\sencoding\\s*=\\s*[\"']([A-Za-z0-9._:-]+)[\"']");

    private final XMLInputFactory factory;
    private final ReadLimits limits;

    public PubmedXmlReader() {
        this(ReadLimits.DEFAULT);
    }

    public PubmedXmlReader(ReadLimits limits) {
        this.limits = limits;
        factory = XMLInputFactory.newDefaultFactory();
        factory.setProperty(XMLInputFactory.SUPPORT_DTD, false);
        factory.setProperty(XMLInputFactory.IS_SUPPORTING_EXTERNAL_ENTITIES, false);
        // Undeclared entities become ENTITY_REFERENCE events (ignored) instead of fatal errors.
        factory.setProperty(XMLInputFactory.IS_REPLACING_ENTITY_REFERENCES, false);
        // Long text comes in pieces, so that a text node over the limit is never held whole.
        factory.setProperty(XMLInputFactory.IS_COALESCING, false);
    }

    @Override
    public SourceFormat format() {
        return SourceFormat.PUBMED_XML;
    }

    /**
     * Decodes the content in the encoding its XML declaration names (UTF-8 when it names none), so that
     * malformed bytes are replaced and reported rather than stopping the parser.
     *
     * @throws IOException when the declared encoding is not one Java knows
     */
    @Override
    public Results open(InputStream in, String sourceName) throws IOException {
        InputStream buffered = in.markSupported() ? in : new BufferedInputStream(in);
        TextDecoder text = new TextDecoder(buffered, declaredEncoding(buffered, sourceName));
        return new XmlResults(text, new XmlMarkupLimit(text, limits.maxTextChars()), sourceName);
    }

    private static Charset declaredEncoding(InputStream in, String sourceName) throws IOException {
        in.mark(DECLARATION_BYTES);
        byte[] head = in.readNBytes(DECLARATION_BYTES);
        in.reset();
        Matcher declared = DECLARED_ENCODING.matcher(new String(head, StandardCharsets.ISO_8859_1));
        if (!declared.find()) {
            return StandardCharsets.UTF_8;
        }
        try {
            return Charset.forName(declared.group(1));
        } catch (IllegalArgumentException e) {
            throw new IOException(sourceName + ": unsupported encoding '" + declared.group(1) + "' in the XML declaration");
        }
    }

    private final class XmlResults extends AbstractIterator<ReadResult> implements Results {

        private final TextDecoder text;
        private final Reader in;
        private final String sourceName;
        private XMLStreamReader xml;
        private int articles;
        private boolean stopped;

        XmlResults(TextDecoder text, Reader in, String sourceName) {
            this.text = text;
            this.in = in;
            this.sourceName = sourceName;
        }

        @Override
        protected ReadResult computeNext() {
            if (stopped) {
                return endOfData();
            }
            try {
                if (xml == null) {
                    xml = factory.createXMLStreamReader(in);
                }
                while (xml.hasNext()) {
                    if (xml.next() == XMLStreamConstants.START_ELEMENT) {
                        String name = xml.getLocalName();
                        if (name.equals(ARTICLE) || name.equals(BOOK_ARTICLE)) {
                            return readArticle(name);
                        }
                    }
                }
                return endOfData();
            } catch (XMLStreamException e) {
                stopped = true;
                return notWellFormed(e);
            }
        }

        private ReadResult readArticle(String name) throws XMLStreamException {
            articles++;
            String locator = sourceName + " " + name + " #" + articles
                    + " (line " + xml.getLocation().getLineNumber() + ")";
            XmlElement element;
            try {
                element = XmlElement.read(xml, SKIPPED, limits);
            } catch (XmlElement.TooLarge e) {
                text.takeInvalidBefore(xml.getLocation().getCharacterOffset());
                return new ReadResult.Rejected(locator, e.getMessage());
            }
            try {
                ArticleDraft draft = new ArticleDraft(SOURCE, limits);
                draft.invalidBytes(text.takeInvalidBefore(xml.getLocation().getCharacterOffset()), text.charset());
                if (name.equals(ARTICLE)) {
                    fillFromArticle(element, draft);
                } else {
                    fillFromBook(element, draft);
                }
                return draft.toResult(locator);
            } catch (RuntimeException e) {
                return new ReadResult.Rejected(locator, "unreadable article: " + e);
            }
        }

        private ReadResult notWellFormed(XMLStreamException e) {
            Throwable cause = e.getNestedException();
            if (cause instanceof XmlMarkupLimit.TooLong tooLong) {
                return new ReadResult.Rejected(sourceName, "reading stopped: " + tooLong.getMessage());
            }
            // Malformed bytes (a CharConversionException) are bad content; any other IOException is I/O.
            if (cause instanceof IOException io && !(cause instanceof CharConversionException)) {
                throw new UncheckedIOException(io);
            }
            Location location = e.getLocation() != null ? e.getLocation() : xml == null ? null : xml.getLocation();
            String line = location == null ? "" : " line " + location.getLineNumber();
            return new ReadResult.Rejected(sourceName + line,
                    "XML not well-formed, reading stopped: " + parserMessage(e));
        }

        @Override
        public void close() throws IOException {
            try {
                if (xml != null) {
                    xml.close();
                }
            } catch (XMLStreamException e) {
                throw new IOException(e);
            } finally {
                in.close();
            }
        }
    }

    private static void fillFromArticle(XmlElement pubmedArticle, ArticleDraft draft) {
        XmlElement citation = pubmedArticle.child("MedlineCitation");
        XmlElement article = citation.child("Article");
        XmlElement journal = article.child("Journal");
        draft.pmid = citation.child("PMID").text();
        draft.title = article.child("ArticleTitle").text();
        draft.abstractText = abstractText(article.child("Abstract"));
        draft.journal = journal.child("Title").text();
        setDate(journal.child("JournalIssue").child("PubDate"), draft);
        addAuthors(article.child("AuthorList"), draft);
        draft.doi = firstDoi(article.children("ELocationID"), "EIdType");
        if (draft.doi == null) {
            draft.doi = firstDoi(articleIds(pubmedArticle.child("PubmedData")), "IdType");
        }
        for (XmlElement heading : citation.child("MeshHeadingList").children("MeshHeading")) {
            XmlElement descriptor = heading.child("DescriptorName");
            boolean major = isMajor(descriptor);
            for (XmlElement qualifier : heading.children("QualifierName")) {
                major |= isMajor(qualifier);
            }
            draft.addMesh(descriptor.attribute("UI"), descriptor.text(), major, List.of());
        }
    }

    /** A book or book chapter: no journal and, in practice, no MeSH headings. */
    private static void fillFromBook(XmlElement bookArticle, ArticleDraft draft) {
        XmlElement document = bookArticle.child("BookDocument");
        XmlElement book = document.child("Book");
        draft.pmid = document.child("PMID").text();
        String chapterTitle = Text.clean(document.child("ArticleTitle").text());
        draft.title = chapterTitle != null ? chapterTitle : book.child("BookTitle").text();
        draft.abstractText = abstractText(document.child("Abstract"));
        setDate(book.child("PubDate"), draft);
        for (XmlElement authors : document.children("AuthorList")) {
            String type = authors.attribute("Type");
            if (type == null || type.equals("authors")) {
                addAuthors(authors, draft);
            }
        }
        draft.doi = firstDoi(articleIds(document), "IdType");
        if (draft.doi == null) {
            draft.doi = firstDoi(articleIds(bookArticle.child("PubmedBookData")), "IdType");
        }
    }

    /** The sections of a structured abstract as {@code "LABEL: text"}, joined by a space. */
    private static String abstractText(XmlElement abstractElement) {
        StringJoiner joined = new StringJoiner(" ");
        for (XmlElement section : abstractElement.children("AbstractText")) {
            String text = Text.clean(section.text());
            if (text == null) {
                continue;
            }
            String label = Text.clean(section.attribute("Label"));
            // NLM marks the unlabelled paragraphs of a structured abstract with this placeholder.
            boolean labelled = label != null && !label.equals("UNLABELLED");
            joined.add(labelled ? label + ": " + text : text);
        }
        return joined.toString();
    }

    private static void setDate(XmlElement pubDate, ArticleDraft draft) {
        String medlineDate = pubDate.child("MedlineDate").text();
        if (medlineDate != null) {
            draft.date(medlineDate, PubDates.parse(medlineDate));
            return;
        }
        String year = Text.clean(pubDate.child("Year").text());
        String month = Text.clean(pubDate.child("Month").text());
        String day = Text.clean(pubDate.child("Day").text());
        String stated = Stream.of(year, month, day).filter(Objects::nonNull).collect(Collectors.joining(" "));
        draft.date(stated, PubDates.of(year, month, day));
    }

    private static void addAuthors(XmlElement authorList, ArticleDraft draft) {
        for (XmlElement author : authorList.children("Author")) {
            if ("N".equals(author.attribute("ValidYN"))) {
                continue; // a misspelt name NLM keeps next to its correction
            }
            String orcid = null;
            for (XmlElement identifier : author.children("Identifier")) {
                if ("ORCID".equals(identifier.attribute("Source"))) {
                    orcid = identifier.text();
                }
            }
            String collective = author.child("CollectiveName").text();
            if (collective != null) {
                draft.addNamedAuthor(collective, orcid);
            } else {
                String given = author.child("ForeName").text();
                draft.addAuthor(author.child("LastName").text(),
                        given != null ? given : author.child("Initials").text(), orcid);
            }
        }
    }

    /** The first valid DOI among {@code ids} whose {@code typeAttribute} says {@code doi}, or null. */
    private static String firstDoi(List<XmlElement> ids, String typeAttribute) {
        for (XmlElement id : ids) {
            if ("doi".equals(id.attribute(typeAttribute)) && !"N".equals(id.attribute("ValidYN"))) {
                String doi = Identifiers.doi(id.text());
                if (doi != null) {
                    return doi;
                }
            }
        }
        return null;
    }

    private static List<XmlElement> articleIds(XmlElement parent) {
        return parent.child("ArticleIdList").children("ArticleId");
    }

    private static boolean isMajor(XmlElement element) {
        return "Y".equals(element.attribute("MajorTopicYN"));
    }

    /** The JDK parser prefixes its messages with the position, which the locator already carries. */
    private static String parserMessage(XMLStreamException e) {
        String message = String.valueOf(e.getMessage());
        int start = message.indexOf("Message: ");
        return start >= 0 ? message.substring(start + "Message: ".length()) : message;
    }
}
