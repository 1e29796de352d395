package org.fairrag.bench;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import org.fairrag.generate.AbstractSentences;
import org.fairrag.generate.ExtractiveSummarizer;
import org.fairrag.generate.SentenceRole;
import org.fairrag.generate.SentenceRoleTraining;
import org.fairrag.ingest.ArticleRecord;
import org.fairrag.ingest.ReadResult;
import org.fairrag.ingest.RecordReader;
import org.fairrag.ingest.read.SourceFormats;

/**
 * Summary tasks made from structured abstracts, a second set beside PubMedQA: an abstract whose last section is
 * labelled as its conclusion gives the reference (that section), the context (the sentences before it, their
 * labels taken off, so roles come from the classifier as for an unstructured abstract) and the request (the
 * title). Which abstracts: the sentence-role classifier's own split, so the held-out part holds only abstracts
 * whose sentences it was never fitted on; PubMedQA records are left out, as they were from its fitting.
 */
final class StructuredConclusions {

    /** Fewer context sentences than this, and lead-2 and last-2 would be the whole context. */
    static final int MIN_CONTEXT_SENTENCES = 4;

    private StructuredConclusions() {}

    /** The tasks from {@code files} (one per PMID, first occurrence), held back from role fitting or fitted on. */
    static List<SummarizeBench.QaRecord> read(List<Path> files, boolean heldBack) throws IOException {
        Set<String> seen = new HashSet<>();
        List<SummarizeBench.QaRecord> out = new ArrayList<>();
        int structured = 0;
        for (Path file : files) {
            try (RecordReader.Results results = SourceFormats.read(file)) {
                while (results.hasNext()) {
                    if (!(results.next() instanceof ReadResult.Accepted accepted)) {
                        continue;
                    }
                    ArticleRecord r = accepted.record();
                    if (r.source().startsWith("pubmedqa") || r.abstractText() == null || r.title() == null
                            || r.title().isBlank() || !seen.add(r.pmid())
                            || SentenceRoleTraining.heldBack(r.pmid()) != heldBack) {
                        continue;
                    }
                    Optional<SummarizeBench.QaRecord> task = task(r.pmid(), r.title().strip(), r.abstractText());
                    if (task.isPresent()) {
                        structured++;
                        out.add(task.get());
                    }
                }
            }
        }
        System.out.printf("%d structured abstracts with a closing conclusion section and %d or more context sentences%n",
                structured, MIN_CONTEXT_SENTENCES);
        return out;
    }

    /** The task an abstract gives, if its last section, and only that, is labelled as a conclusion. */
    static Optional<SummarizeBench.QaRecord> task(String pmid, String title, String abstractText) {
        List<AbstractSentences.Sentence> sentences = AbstractSentences.of(abstractText);
        int first = sentences.size();
        while (first > 0 && sentences.get(first - 1).section().equals(Optional.of(SentenceRole.CONCLUSIONS))) {
            first--;
        }
        List<AbstractSentences.Sentence> context = sentences.subList(0, first);
        boolean structured = context.stream().filter(AbstractSentences.Sentence::labelled).count() >= 2;
        boolean conclusionOnlyAtEnd = context.stream().noneMatch(s -> s.section().equals(Optional.of(SentenceRole.CONCLUSIONS)));
        long contextSentences = context.stream().filter(s -> ExtractiveSummarizer.words(s.text()) >= ExtractiveSummarizer.MIN_WORDS).count();
        if (first == sentences.size() || !structured || !conclusionOnlyAtEnd || contextSentences < MIN_CONTEXT_SENTENCES) {
            return Optional.empty();
        }
        String conclusion = sentences.subList(first, sentences.size()).stream().map(AbstractSentences.Sentence::text)
                .collect(Collectors.joining(" "));
        String contextText = context.stream().map(AbstractSentences.Sentence::text).collect(Collectors.joining(" "));
        return Optional.of(new SummarizeBench.QaRecord(pmid, title, contextText, conclusion));
    }
}
