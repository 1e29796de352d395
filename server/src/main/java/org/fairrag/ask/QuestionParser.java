package org.fairrag.ask;

import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Supplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.fairrag.graph.GraphStore;
import org.fairrag.terms.TermSearch;
import org.fairrag.vocab.VocabularyIndex;

/**
 * Reads a question in plain language into an {@link Interpretation}, without any model: identifiers and
 * years by pattern ({@link QuestionText}), the kind of question by the words that frame it (ordered rules
 * below, most specific first), topics through the term lexicon ({@link TopicLinker}), authors and
 * journals through the names the collection holds ({@link NameCatalog}). A question it cannot read
 * wholly is not understood: every word must be part of the frame, a value, or a linked term.
 */
public final class QuestionParser {

    /**
     * What the parser made of a question: an interpretation, or the reason it has none with what it did
     * recognise (for the answer that says so, and for suggestions).
     */
    public record Parse(Interpretation interpretation, String problem, List<String> recognised, List<LinkedTerm> terms) {

        public boolean understood() {
            return interpretation != null;
        }

        static Parse of(Interpretation interpretation) {
            return new Parse(interpretation, null, List.of(), interpretation.linkedTerms());
        }
    }

    /** A rule: the words that frame a kind of question. Groups c1, c2, c3 mark the frame words to remove. */
    private record Rule(Shape shape, Pattern pattern) {}

    private static Rule rule(Shape shape, String regex) {
        return new Rule(shape, Pattern.compile(regex));
    }

    private static final String ARTICLE_NOUNS = "(?:articles?|papers?|studies|study|publications?|works|research|"
            + "literature|reports?|documents?|records?|trials?|items?|abstracts?)";
    private static final String PEOPLE = "(?:authors?|co-?authors?|researchers?|scientists?|writers?|investigators?|"
            + "people|persons?|contributors?)";
    private static final String JOURNALS = "(?:journals?|periodicals?|magazines?|venues?)";
    private static final String MOST = "(?:most|largest number|highest number|greatest number|biggest number|"
            + "top|leading|more than any)";
    private static final String TERM_NOUNS = "(?:terms?|concepts?|descriptors?|headings?|categor(?:y|ies)|classes|"
            + "class|nodes?|entries|entry)";
    private static final String NARROWER = "(?:narrower|child|children|sub-?types?|sub-?categor(?:y|ies)|sub-?class(?:es)?|"
            + "sub-?terms?|subheadings?|sub-?divisions?|sub-?groups?|kinds|types|forms|sorts|varieties|descendants?)";
    private static final String IN_MESH = "(?: (?:according to|in|within|in terms of|under) (?:the )?(?:mesh|vocabulary|"
            + "thesaurus|mesh tree|mesh hierarchy|tree|hierarchy|classification))?";

    /** Questions about one article, named by PMID, DOI or PID. */
    private static final List<Rule> ARTICLE_RULES = List.of(
            rule(Shape.ARTICLE_AUTHOR_COUNT, "\\bhow many " + PEOPLE + "|\\bnumber of (?:authors|co-?authors|researchers)\\b"),
            rule(Shape.ARTICLE_MAJOR_TERM_COUNT, "\\b(?:how many|number of) (?:major|main|primary|principal) "
                    + "(?:topics|subjects|themes|terms|headings|mesh terms)\\b"),
            rule(Shape.ARTICLE_TERM_COUNT, "\\b(?:how many|number of) (?:mesh |subject )?(?:terms|subjects|topics|"
                    + "keywords|headings|tags|descriptors|concepts)\\b"),
            rule(Shape.ARTICLE_FIRST_AUTHOR, "\\b(?:first|lead|leading|principal|main|primary|1st) (?:author|writer|"
                    + "researcher|investigator|name)\\b|\\bwho (?:is|was) (?:listed |named )?first\\b"),
            rule(Shape.ARTICLE_LAST_AUTHOR, "\\b(?:last|senior|final) (?:author|writer|researcher|investigator|name)\\b"),
            rule(Shape.ARTICLE_LICENSE, "\\blicen[cs]e[ds]?\\b|\\bcopyright\\b|\\bre-?use\\b|\\bterms of use\\b|"
                    + "\\busage rights\\b|\\bpermission\\b|\\bfree to use\\b|\\ballowed to (?:use|share|copy)\\b"),
            rule(Shape.ARTICLE_ABOUT, "^(?:is|was|are|does|did|do)\\b.*?\\b(?:about|on|concerning|regarding|covers?|"
                    + "discuss(?:es)?|deals? with|mentions?|stud(?:y|ies)|looks? at|investigates?|involves?|tagged with|"
                    + "indexed with|indexed under|related to|have to do with|has to do with) (?<topic>.+)$"),
            rule(Shape.ARTICLE_MAJOR_TERMS, "\\b(?:major|main|primary|principal|key|central|chief|most important) "
                    + "(?:topics?|subjects?|themes?|terms?|headings?|concepts?|focus|points?|mesh terms?)\\b|"
                    + "\\bmainly\\b|\\bmostly\\b|\\bprimarily\\b|\\bfocus(?:ed|es)?\\b"),
            rule(Shape.ARTICLE_TERMS, "\\bmesh\\b|\\bsubjects?\\b|\\btopics?\\b|\\bkeywords?\\b|\\bheadings?\\b|"
                    + "\\bterms?\\b|\\btags?\\b|\\btagged\\b|\\bindexed\\b|\\bconcepts?\\b|\\bdescriptors?\\b|\\bthemes?\\b"),
            rule(Shape.ARTICLE_ABSTRACT, "\\babstract\\b|\\bsummary\\b|\\bsummari[sz]e\\b"),
            rule(Shape.ARTICLE_TITLE, "\\btitled?\\b|\\bcalled\\b|\\bnamed\\b|\\bheadline\\b|\\bname of\\b"),
            rule(Shape.ARTICLE_DOI, "\\bdois?\\b|\\bdigital object identifier\\b"),
            rule(Shape.ARTICLE_PMID, "\\bpmids?\\b|\\bpubmed (?:ids?|identifiers?|numbers?)\\b"),
            rule(Shape.ARTICLE_PID, "\\bpids?\\b|\\bpersistent (?:identifier|id|link|url|address)s?\\b|"
                    + "\\bpermanent (?:identifier|id|link|url|address)s?\\b|\\bfdo\\b|\\bidentifier\\b"),
            rule(Shape.ARTICLE_JOURNAL, "\\b" + JOURNALS + "\\b|\\bwhere\\b|\\bpublished in (?:what|which)\\b|"
                    + "\\bwhich (?:publication|outlet)\\b"),
            rule(Shape.ARTICLE_DATE, "\\bdate\\b"),
            rule(Shape.ARTICLE_YEAR, "\\byears?\\b|\\bwhen\\b|\\bhow old\\b|\\bhow recent\\b|\\bhow long ago\\b"),
            rule(Shape.ARTICLE_AUTHORS, "\\b" + PEOPLE + "\\b|\\bwho\\b|\\bwritten by\\b|\\bby whom\\b"),
            rule(Shape.ARTICLE_OVERVIEW, "\\babout\\b|\\bcover\\b|\\bdiscuss\\b|\\bdeal with\\b|\\bdescribe\\b|"
                    + "\\btell me\\b|^what is #(?:PMID|DOI|PID)$"));

    /** Questions about the vocabulary. Group t holds the term, u the broader term of "is t a kind of u". */
    private static final List<Rule> TERM_RULES = List.of(
            rule(Shape.TERM_BY_ID, "^what (?:is|does|are) #MESHID(?: (?:mean|stand for|refer to|represent|"
                    + "correspond to|name|denote|signify|describe))?$|^(?:which|what) (?:mesh )?(?:term|descriptor|"
                    + "heading|concept) (?:is|has|carries|goes with|corresponds to|is identified by) (?:the )?"
                    + "(?:mesh )?(?:id|identifier|ui|code)? ?#MESHID$|^#MESHID$"),
            rule(Shape.TERM_BY_TREE_NUMBER, "^(?:what|which)(?: mesh| vocabulary)? (?:term|descriptor|heading|concept|"
                    + "entry|one|is|name|label)\\b(?:(?!narrower|broader|parent|child|children|under|above|below|"
                    + "subtypes|kinds|types|synonyms|names|identifier|\\bid\\b).)*#TREE$|^#TREE$"),
            rule(Shape.TERM_EXISTS, "^(?:is|are) there (?:an? |any )?(?:mesh |medical |vocabulary )?(?:term|descriptor|"
                    + "heading|concept|entry)s? (?:for|called|named|about) (?:an? |the )?(?<t>.+?)" + IN_MESH + "$|^(?:does|do) "
                    + "(?:mesh|the vocabulary|the thesaurus) (?:have|contain|include|list) (?:an? |any )?(?:term |descriptor "
                    + "|heading |concept |entry )?(?:for |called |named )?(?:an? |the )?(?<u>.+?)$"),
            rule(Shape.TERM_IS_A, "^(?:is|are|was|were) (?:an? |the )?(?<t>.+?) (?:an? |one )?(?:kind|type|form|sort|"
                    + "sub-?type|variety|category|class|sub-?class|sub-?category|subset|example|specific kind|special "
                    + "kind|specific type|specific form|part|member|instance|case) of (?:an? |the )?(?<u>.+?)" + IN_MESH + "$"),
            rule(Shape.TERM_IS_A, "^(?:is|are) (?:an? |the )?(?<t>.+?) (?:classified |categori[sz]ed |filed |listed |"
                    + "grouped |placed |found |located )?(?:under|below|beneath|within|narrower than|a narrower term of|"
                    + "a child of|a descendant of|a sub-?type of|a sub-?class of|a sub-?category of|part of) (?:an? |"
                    + "the )?(?<u>.+?)" + IN_MESH + "$"),
            rule(Shape.TERM_IS_A, "^(?:does|do) (?:an? |the )?(?<u>.+?) (?:include|cover|encompass|contain|comprise) "
                    + "(?:an? |the )?(?<t>.+?)" + IN_MESH + "$"),
            rule(Shape.TERM_IS_A, "^(?:does|do|is|are) (?:an? |the )?(?<t>.+?) (?:fall|belong|come|sit|go|fit|falls|"
                    + "belongs|fits) (?:under|within|into|in|to) (?:an? |the )?(?<u>.+?)" + IN_MESH + "$"),
            rule(Shape.TERM_IS_A, "^(?:is|are) (?:an? |the )?(?<t>(?!(?:there|any|anything|this|that|it|these|those)\\b)"
                    + ".+?) (?:an?) (?<u>.+?)" + IN_MESH + "$"),
            rule(Shape.COUNT_TERMS, "^how many (?:mesh |different |distinct |unique )?(?:terms|concepts|descriptors|"
                    + "headings|subject headings|entries|mesh terms|mesh descriptors|mesh headings)(?: are| is)?(?: there|"
                    + " in total| altogether| (?:does|do) (?:the )?(?:vocabulary|vocabularies|mesh|thesaurus|"
                    + "collection|database|you) (?:contain|have|hold|include|list)| (?:are )?(?:in|does) (?:the )?"
                    + "(?:vocabulary|mesh|thesaurus|collection|database))*$"),
            rule(Shape.TERM_NARROWER_COUNT, "^how many (?:mesh )?(?:(?:direct|immediate) (?:narrower terms|subtypes|sub-types|children|"
                    + "child terms|subcategories|sub-categories|descendants)|narrower (?:terms|concepts|descriptors|"
                    + "headings)|children|child (?:terms|concepts|descriptors|headings))(?: are)?(?: there)?(?: (?:of|"
                    + "under|below|for|does|do))? (?<t>.+?)(?: (?:have|has|are there|exist|in (?:the )?mesh(?: tree)?|in "
                    + "the vocabulary|altogether|in total))*$"),
            rule(Shape.TERM_DESCENDANT_COUNT, "^how many (?:mesh |vocabulary )?(?:different |distinct |specific |more specific |narrower |"
                    + "sub)?(?:terms|concepts|descriptors|headings|subheadings|categories|subcategories|subtypes|"
                    + "sub-types|types|kinds|forms|sorts|varieties|children|descendants|narrower terms|child terms|"
                    + "subterms|entries)(?: are)?(?: there)?(?: (?:of|under|below|beneath|within|in|for|does|do|"
                    + "narrower than|more specific than|lower than|descended from|descendants of))? "
                    + "(?<t>.+?)(?: (?:have|has|are there|exist|in (?:the )?mesh(?: tree)?|in the vocabulary|in the "
                    + "tree|in the hierarchy|altogether|in total|include|includes|contain|contains))*$"),
            rule(Shape.TERM_NARROWER, "^(?:what|which|list|show|name|give)(?: me)?(?: are| is)? (?:the |all (?:the )?)?"
                    + "(?:direct |immediate |main |different |more specific |specific )?" + NARROWER
                    + "(?: " + TERM_NOUNS + ")? (?:of|under|below|beneath|within|for|in) (?:an? |the )?(?<t>.+?)(?: "
                    + "(?:are there|exist|in mesh|are listed|does mesh (?:have|list)|are in mesh|are known))?$"),
            rule(Shape.TERM_NARROWER, "^(?:what|which) (?:kinds|types|forms|sorts|varieties|subtypes) of (?<t>.+?) "
                    + "(?:are there|exist|are known|does mesh (?:list|have|know)|are in mesh)$"),
            rule(Shape.TERM_NARROWER, "^(?:what|which) (?:are )?(?:all )?(?:the )?" + TERM_NOUNS + " (?:are |lie |sit |"
                    + "fall |come |that are |that lie )?(?:directly|immediately) (?:under|below|beneath|within) (?:an? |the )?"
                    + "(?<t>.+?)" + IN_MESH + "$"),
            rule(Shape.TERM_DESCENDANTS, "^(?:what|which|list|show|name|give)(?: me)?(?: are| is)? (?:all )?(?:the )?"
                    + "(?:" + TERM_NOUNS + "|descendants) (?:are |lie |sit |fall |come |that are |that lie |that sit )?"
                    + "(?:under|below|beneath|within|narrower than|more specific than|in the subtree of|of) (?:an? |the )?"
                    + "(?<t>.+?)" + IN_MESH + "$"),
            rule(Shape.TERM_BROADER, "^(?:what|which|list|show|name|give)(?: me)?(?: are| is)? (?:the )?(?:broader|parent|"
                    + "parents|more general|higher|higher-level|superordinate|wider|upper|ancestor|ancestors)(?: "
                    + TERM_NOUNS + ")? (?:of|for|above) (?:an? |the )?(?<t>.+)$"),
            rule(Shape.TERM_BROADER, "^(?:what|which) (?:kind|type|sort|category|class|group|family|branch) of "
                    + "(?:\\w+ )?(?:is|are) (?:an? |the )?(?<t>.+)$"),
            rule(Shape.TERM_BROADER, "^what (?:is|are) (?:an? |the )?(?<t>.+?) (?:an? )?(?:kind|type|form|sort|"
                    + "sub-?type|part|example|subcategory|category) of$"),
            rule(Shape.TERM_BROADER, "^(?:what|which) (?:category|categories|group|groups|class|classes|family|"
                    + "families|branch|terms?|concepts?|headings?) (?:does|do|is|are) (?:an? |the )?(?<t>.+?) (?:belong to|"
                    + "belongs to|fall under|fall into|come under|sit under|go under|under|in|part of|filed under|"
                    + "classified under|belong in)" + IN_MESH + "$"),
            rule(Shape.TERM_BROADER, "^(?:what|which) (?:is|are|terms? (?:is|are)) (?:directly )?above (?:an? |the )?"
                    + "(?<t>.+)$"),
            rule(Shape.TERM_TREE_NUMBERS, "\\btree (?:numbers?|locations?|positions?|codes?|nodes?|addresses?|ids?|"
                    + "identifiers?)\\b(?: (?:of|for|does|do|is|are))? (?:an? |the )?(?<t>.+?)(?: (?:have|has))?$"),
            rule(Shape.TERM_TREE_NUMBERS, "^(?:where|at what position|in which position|in what place) (?:does |do |is |"
                    + "are |can i find |do i find |would i find |would you find )?(?:an? |the )?(?<t>.+?) (?:(?:sits?|"
                    + "appears?|falls?|found|located|placed|go|goes|belongs?|be|fit|fits) )?(?:in|on|within) (?:the )?"
                    + "(?:mesh )?(?:tree|trees|hierarchy|hierarchies|classification)$"),
            rule(Shape.TERM_TREE_NUMBERS, "^(?<t>.+?)'s tree numbers?$"),
            rule(Shape.TERM_ALT_LABELS, "\\b(?:other|alternative|alternate|different|additional|more|another|other common|"
                    + "common|everyday|popular|lay|informal) (?:names?|terms?|words?|labels?|spellings?|ways to say|"
                    + "expressions?|designations?)\\b(?: (?:for|of|does|do|is|are|can|to describe|people use for))? "
                    + "(?:an? |the )?(?<t>.+?)(?: (?:have|has|go by|goes by|known by|called|exist|are there|mean the same))*$"),
            rule(Shape.TERM_ALT_LABELS, "\\b(?:synonyms?|entry terms?|alt(?:ernative)? labels?|aliases)\\b(?: (?:of|for|does|"
                    + "do|is|are))? (?:an? |the )?(?<t>.+?)(?: (?:have|has))?$"),
            rule(Shape.TERM_ALT_LABELS, "^what (?:else )?(?:is|are) (?:an? |the )?(?<t>.+?) (?:also |otherwise |sometimes "
                    + "|often )?(?:called|known as|named|referred to as)$"),
            rule(Shape.TERM_ALT_LABELS, "^what else (?:is|are|do you call|do people call|can you call|might you call|"
                    + "could you call) (?:an? |the )?(?<t>.+?)(?: called| known as| named)?$"),
            rule(Shape.TERM_ALT_LABELS, "^how else (?:is|are|can you call|can one call|do people call|could you call) "
                    + "(?:an? |the )?(?<t>.+?)(?: called| named| known)?$"),
            rule(Shape.TERM_PID, "\\b(?:pids?|persistent (?:identifier|id|link|url)s?|permanent (?:identifier|id|link|"
                    + "url)s?)\\b(?: (?:of|for))? (?:the )?(?:mesh )?(?:term |descriptor |heading |concept )?(?<t>.+)$"),
            rule(Shape.TERM_ID, "\\b(?:mesh |descriptor |unique |term |concept |heading )?(?:id|ids|identifier|"
                    + "identifiers|ui|uis|code|codes|descriptor ui|descriptor id|unique identifier|number)\\b(?: (?:of|"
                    + "for|is))? (?:the )?(?:mesh )?(?:term |descriptor |heading |concept |word )?(?<t>.+)$"),
            rule(Shape.TERM_ID, "^(?<t>.+?)'s (?:mesh )?(?:id|identifier|ui|code)$"),
            rule(Shape.TERM_LABEL, "\\b(?:preferred|official|proper|correct|formal|standard|mesh|medical|scientific|"
                    + "technical|clinical|right|actual|real|professional|latin|textbook|academic|specialist|doctor's|"
                    + "doctors) (?:medical |scientific )?(?:name|term|word|heading|label|designation|expression|way to "
                    + "say)\\b (?:of|for|used for) (?:an? |the )?(?<t>.+)$"),
            rule(Shape.TERM_LABEL, "^what (?:do|does|would|did) (?:doctors|physicians|clinicians|scientists|researchers|"
                    + "medics|medical (?:people|professionals|experts|staff)|health (?:professionals|workers)|"
                    + "professionals|experts|nurses|mesh|pubmed|medicine|the vocabulary|specialists) (?:call|name|use "
                    + "for|term|say for) (?:an? |the )?(?<t>.+)$"),
            rule(Shape.TERM_LABEL, "^what (?:does|do) (?:the )?(?:abbreviation |acronym |term |word )?(?<t>.+?) "
                    + "(?:stand for|mean in mesh)$"),
            rule(Shape.TERM_LABEL, "^how (?:do|does|would) (?:doctors|physicians|scientists|mesh|pubmed|medicine|"
                    + "experts|professionals) (?:call|name|refer to|say) (?:an? |the )?(?<t>.+)$"),
            rule(Shape.TERM_LABEL, "^what is (?:an? |the )?(?<t>.+?) called (?:in mesh|by doctors|medically|in medicine|"
                    + "officially|scientifically|in medical terms|in the vocabulary)$"),
            rule(Shape.TERM_LABEL, "^what (?:is|are) (?:an? |the )?(?<t>.+?) in (?:medical|scientific|technical|mesh) "
                    + "(?:terms|language|speak|jargon)$"));

    /** Questions about articles in general; the words left once the frame is removed give the selection. */
    private static final List<Rule> GENERAL_RULES = List.of(
            rule(Shape.COUNT_ARTICLES_BY_AUTHOR, "^(?<c1>how many (?:" + ARTICLE_NOUNS + " )?(?:has|have|did|does)) "
                    + "(?<name>.+?) (?<c2>(?:publish|published|write|written|wrote|author|authored|co-?authored|co-?author|"
                    + "produce|produced))\\b"),
            rule(Shape.ARTICLES_BY_AUTHOR, "^(?<c1>(?:what|which)(?: " + ARTICLE_NOUNS + ")? (?:has|have|did|does)) "
                    + "(?<name>.+?) (?<c2>(?:publish|published|write|written|wrote|author|authored|co-?authored|co-?author|"
                    + "produce|produced))\\b"),
            rule(Shape.LIST_ARTICLES, "^what (?:has|have) been (?:written|published|done|said|reported|studied|"
                    + "researched|found)\\b"),
            rule(Shape.COUNT_JOURNALS, "\\bhow many (?:different |distinct |unique |separate |individual )?(?:journals|"
                    + "periodicals|magazines|venues)\\b|\\bnumber of (?:different |distinct )?journals\\b"),
            rule(Shape.COUNT_AUTHORS, "\\bhow many (?:different |distinct |unique |individual |separate )?"
                    + "(?:authors|co-?authors|researchers|scientists|writers|investigators|people|persons|contributors)\\b|"
                    + "\\bnumber of (?:different |distinct )?(?:authors|researchers)\\b"),
            rule(Shape.LIST_YEARS, "(?<c1>\\b(?:how many|number of|count)\\b).*?(?<c2>\\b(?:per|by|each|every|a|"
                    + "in each|for each) year\\b)"),
            rule(Shape.LIST_JOURNALS, "(?<c1>\\b(?:how many|number of|count)\\b).*?(?<c2>\\b(?:per|by|each|every|in "
                    + "each|for each) (?:journal|periodical|venue)\\b)"),
            rule(Shape.FIRST_YEAR, "(?<c1>\\b(?:when|what year|which year|in what year|in which year)\\b).*?(?<c2>\\b(?:"
                    + "first|earliest|oldest)\\b)|(?<c3>\\b(?:first|earliest|oldest) (?:year|date)\\b)"),
            rule(Shape.LAST_YEAR, "(?<c1>\\b(?:when|what year|which year|in what year|in which year)\\b).*?(?<c2>\\b(?:"
                    + "latest|newest|most recent|last)\\b)|(?<c3>\\b(?:latest|newest|most recent|last) (?:year|date)\\b)"),
            rule(Shape.OLDEST_ARTICLES, "\\b(?:which|what)(?: is| are| was| were)? (?:the )?(?:first|earliest|oldest) "
                    + ARTICLE_NOUNS + "\\b|\\b(?:first|earliest|oldest) " + ARTICLE_NOUNS + "\\b(?!.*\\b(?:when|year)\\b)"),
            rule(Shape.NEWEST_ARTICLES, "\\b(?:which|what)(?: is| are| was| were)? (?:the )?(?:latest|newest|most recent|"
                    + "last) " + ARTICLE_NOUNS + "\\b|\\b(?:latest|newest|most recent) " + ARTICLE_NOUNS
                    + "\\b(?!.*\\b(?:when|year)\\b)"),
            rule(Shape.TOP_AUTHORS, "(?<c1>\\b(?:which|what) (?:author|researcher|scientist|person|writer|investigator)"
                    + "s?\\b).*?(?<c2>\\b" + MOST + "\\b)|\\bwho (?:has |have |had |did )?(?:wrote|written|write|writes|"
                    + "published|publishes|authored|authors|contributed|done|did|conducted|produced) (?:the )?most\\b|\\bmost (?:prolific|productive|"
                    + "frequent|common|active|published) (?:author|researcher|writer|scientist|contributor)s?\\b|"
                    + "\\b(?:top|leading) (?:author|researcher|writer)s?\\b"),
            rule(Shape.TOP_JOURNALS, "(?<c1>\\b(?:which|what) (?:journal|periodical|magazine|venue)s?\\b).*?(?<c2>\\b"
                    + MOST + "\\b)|\\bmost (?:prolific|productive|frequent|common|popular|active) (?:journal|periodical|"
                    + "venue|magazine)s?\\b|\\b(?:top|leading) (?:journal|periodical|venue)s?\\b|\\bwhere (?:were|was|"
                    + "are|is|have|has|did) (?:the )?most\\b"),
            rule(Shape.TOP_YEARS, "(?<c1>\\b(?:which|what) years?\\b).*?(?<c2>\\b(?:" + MOST + "|peak)\\b)|"
                    + "\\bwhen (?:were|was|did|have) (?:the )?most\\b|\\b(?:busiest|peak|most productive|most active) "
                    + "years?\\b"),
            rule(Shape.LIST_JOURNALS, "\\b(?:which|what) (?:journals|periodicals|magazines|venues)\\b|\\bin (?:which|what)"
                    + " " + JOURNALS + "\\b|(?<c1>\\bwhere (?:were|was|are|is|have|has|did|do|does)\\b).*?(?<c2>\\b(?:"
                    + "published|appeared|appear|printed|come out|came out)\\b)|\\b(?:list|name|show|give)(?: me)?"
                    + "(?: all| the| of)* (?:journals|periodicals)\\b|^journals\\b"),
            rule(Shape.LIST_YEARS, "\\b(?:which|what) years\\b|\\bin (?:which|what) years\\b|^when (?:were|have|did|are)\\b"),
            rule(Shape.LIST_AUTHORS, "\\b(?:which|what) (?:authors|researchers|scientists|people|writers|investigators|"
                    + "persons)\\b|^who (?:has |have |had |is |are )?(?:wrote|written|writes|write|writing|published|"
                    + "publishes|publishing|authored|researched|researches|researching|studied|studies|studying|works|"
                    + "worked|working|investigated|investigates|looked|looks)\\b|\\b(?:list|name|show|give)(?: me)?"
                    + "(?: all| the| of)* (?:authors|researchers|people)\\b"),
            rule(Shape.ANY_ARTICLES, "^(?:are|is|were|was) there\\b|^(?:has|have) there been\\b|^(?:has|have) (?:anything|anyone|anybody|someone|"
                    + "somebody|any)\\b|^do (?:you|we) have\\b|^(?:can|could) i find\\b|^does (?:the )?(?:collection|"
                    + "database|dataset|library|it|fairrag) (?:have|contain|hold|include)\\b|^is (?:anything|something) "
                    + "(?:known|published|written)\\b|^(?:are|is) (?:any|some)\\b|^any(?:thing)?\\b"),
            rule(Shape.COUNT_ARTICLES, "\\bhow many\\b|\\bnumber of\\b|^count\\b|\\bhow much\\b|\\bhow often\\b|"
                    + "\\bquantity of\\b"),
            rule(Shape.LIST_ARTICLE_PMIDS, "\\b(?:pubmed ids?|pmids?|pubmed numbers?|pubmed identifiers?|ids|identifiers)"
                    + "(?: of)?\\b"),
            rule(Shape.LIST_ARTICLE_TITLES, "\\btitles?(?: of)?\\b"),
            rule(Shape.LIST_ARTICLE_DOIS, "\\bdois?(?: of)?\\b"),
            rule(Shape.LIST_ARTICLES, "^(?:which|what) (?:(?:are|were|is) (?:the |all (?:the )?|some |any )?)?"
                    + ARTICLE_NOUNS + "\\b|^(?:list|show|give|find|get|retrieve|"
                    + "search(?: for)?|name|fetch|display|return|bring|pull up|look up|look for)\\b(?: me| us)?|"
                    + "^tell me (?:about )?(?:the |some |any )?(?=" + ARTICLE_NOUNS + ")|"
                    + "^(?:i (?:want|need|would like|am looking for|am searching for|am interested in)|i'd like|can you|"
                    + "could you|would you|please)\\b(?: (?:list|show|give|find|get|retrieve|search for|name|fetch|"
                    + "display|see|read|have))?(?: me)?(?: to see)?|^" + ARTICLE_NOUNS + "\\b"));

    private static final Pattern MAJOR = Pattern.compile("\\b(?:as|with|having|has)(?: a| the| their| its)? (?:major|"
            + "main|primary|principal|key|central|chief) (?:topic|subject|focus|theme|heading|concern)s?\\b|\\b(?:mainly|"
            + "mostly|primarily|chiefly|principally|largely|predominantly|centrally|specifically|principally) "
            + "(?=about|on|concerning|regarding|focused|focusing|dealing|covering|discussing|studying|looking)|"
            + "\\bfocus(?:ed|es|ing)? (?:mainly |primarily |mostly |specifically )?on\\b|\\bmajor topics? (?:of|is|are)\\b");
    private static final Pattern AUTHOR_CUE = Pattern.compile("\\b(?:(?:written|authored|co-?authored|published|"
            + "produced|done) )?by (?:the )?(?:authors? |researchers? |dr |dr\\. |doctor |prof |professor )?(?=\\S)");
    private static final Pattern JOURNAL_CUE = Pattern.compile("\\b(?:(?:published|appearing|appeared|printed|came out|"
            + "come out|that appeared) )?(?:in|from|by) (?:the )?(?=\\S)|\\bjournal (?=\\S)");
    private static final int MAX_NAME_WORDS = 8;
    /** How long the author and journal names read from the graph are used before they are read again. */
    public static final Duration NAMES_MAX_AGE = Duration.ofMinutes(10);
    private static final Pattern COUNT_WORDS = Pattern.compile("\\bhow many\\b|(?<!tree )\\bnumber of\\b");
    /** Facts the collection does not hold about an article, so that a question about them is not misread. */
    private static final Pattern NOT_RECORDED = Pattern.compile("\\b(?:corresponding author|affiliations?|institutions?|"
            + "e-?mail|funding|funders?|grants?|citations?|cited|impact factor|volume|issue|pages?|language|country|"
            + "publisher|editors?|full text|pdf|publication type|study type|type of study)\\b");
    private static final Pattern TOP_N = Pattern.compile("\\btop \\d+\\b|\\b\\d+ (?:most|top|best|leading|largest)\\b|"
            + "\\b(?:top|first|last) (?:two|three|four|five|ten|twenty)\\b");
    private static final Pattern FIELD_CONSTRAINT = Pattern.compile("\\b(?:with|without|no|lacking|missing|having|has|"
            + "have|that have|that lack)(?: an?| any| the| their)? (?:abstracts?|dois?|titles?|authors?|journals?|dates?|"
            + "years?|pmids?|licen[cs]es?)\\b");
    private static final Pattern NARROWER_INCLUDED = Pattern.compile("\\b(?:or|and|including|incl|with|plus|as well as) "
            + "(?:any |all |its |their |every |the )?(?:(?:narrower|more specific)(?: (?:terms?|concepts?|descriptors?|"
            + "headings?|types?|categories|ones|topics))?|(?:child|sub)[ -]?(?:terms|concepts|descriptors|headings|types|"
            + "categories))\\b|\\b(?:exploded|narrower terms included)\\b");
    /** Words that make the words in a term's place a question about articles, not about a term. */
    private static final Pattern NOT_A_TERM = Pattern.compile("\\b(?:" + ARTICLE_NOUNS + "|about|published|written|"
            + JOURNALS + "|" + PEOPLE + ")\\b");

    private final TermSearch terms;
    private final Supplier<VocabularyIndex> vocabulary;
    private final NameCatalogs names;
    private final String baseUrl;

    QuestionParser(TermSearch terms, Supplier<VocabularyIndex> vocabulary, NameCatalogs names, String baseUrl) {
        this.terms = terms;
        this.vocabulary = vocabulary;
        this.names = names;
        this.baseUrl = baseUrl;
    }

    /** Other readings of topic words linked to a term with almost no article, counted by {@code counter}. */
    OtherReadings otherReadings(OtherReadings.Counter counter) {
        return new OtherReadings(terms, vocabulary, counter);
    }

    /**
     * A parser that links topics with {@code terms} and recognises the author and journal names of the
     * collection in {@code graph} (read again every {@link #NAMES_MAX_AGE}).
     */
    public static QuestionParser create(TermSearch terms, Supplier<VocabularyIndex> vocabulary, GraphStore graph,
                                        String baseUrl) {
        return new QuestionParser(terms, vocabulary, new NameCatalogs(graph, NAMES_MAX_AGE, Clock.systemUTC()), baseUrl);
    }

    /** Reads a question; {@code graphs} are those the caller may see (their author and journal names count). */
    public Parse parse(String question, Set<String> graphs) {
        QuestionText q = QuestionText.of(question, baseUrl);
        Reading reading = new Reading(q, () -> names.forGraphs(graphs));
        if (q.unsupportedYears) {
            return reading.fail("The years of this question do not make one range (" + String.join(", ", q.yearWords)
                    + "); ask for one year, or a range.");
        }
        if (q.relativeTime) {
            return reading.fail("Dates relative to today (\"recently\", \"last year\") are not understood: give years, "
                    + "as in \"since 2020\".");
        }
        if (q.namesArticle()) {
            return reading.article();
        }
        Optional<Parse> term = reading.term();
        if (term.isPresent()) {
            return term.get();
        }
        return reading.general();
    }

    /** The reading of one question. */
    private final class Reading {

        private final QuestionText q;
        private final TopicLinker topics = new TopicLinker(terms, vocabulary);
        private final Supplier<NameCatalog> catalog;
        private NameCatalog loaded;
        private final List<String> recognised = new ArrayList<>();
        private final List<LinkedTerm> linked = new ArrayList<>();
        private String firstProblem;

        Reading(QuestionText q, Supplier<NameCatalog> catalog) {
            this.q = q;
            this.catalog = catalog;
            if (q.hasYears()) {
                recognised.add(years(q.yearFrom, q.yearTo));
            }
        }

        private NameCatalog catalog() {
            if (loaded == null) {
                loaded = catalog.get();
            }
            return loaded;
        }

        Parse fail(String problem) {
            return new Parse(null, firstProblem != null ? firstProblem : problem, List.copyOf(recognised), List.copyOf(linked));
        }

        // ------------------------------------------------------------ one article

        Parse article() {
            Matcher missing = NOT_RECORDED.matcher(q.text);
            if (missing.find()) {
                return fail("The collection does not record the " + missing.group() + " of articles.");
            }
            Set<ArticleRef> refs = new LinkedHashSet<>();
            q.pmids.forEach(p -> refs.add(new ArticleRef(ArticleRef.Kind.PMID, p)));
            q.dois.forEach(d -> refs.add(new ArticleRef(ArticleRef.Kind.DOI, d)));
            q.pids.forEach(p -> refs.add(new ArticleRef(ArticleRef.Kind.PID, p)));
            ArticleRef ref = refs.iterator().next();
            recognised.add("the article " + ref.describe());
            if (refs.size() > 1) {
                return fail("The question names " + refs.size() + " articles; ask about one article at a time.");
            }
            String text = q.text.replaceAll("\\b(?:the |an? )?(?:doi|dois|pid|article|paper|study|record|publication)\\s+"
                    + "(#DOI|#PID|#PMID)", "$1");
            for (Rule r : ARTICLE_RULES) {
                Matcher m = r.pattern.matcher(text);
                if (!m.find()) {
                    continue;
                }
                if (r.shape == Shape.ARTICLE_ABOUT) {
                    TopicLinker.Result t = topics.topics(m.group("topic"), false, q.meshIds, q.treeNumbers);
                    if (!t.linked() || t.topics().isEmpty()) {
                        noteUnlinked(t);
                        continue;
                    }
                    Selection s = new Selection(t.topics(), t.excluded(), null, null, null, null);
                    return Parse.of(Interpretation.ofArticle(r.shape, ref, s));
                }
                return Parse.of(Interpretation.ofArticle(r.shape, ref, Selection.NONE));
            }
            return fail("The question names an article but not what to tell about it (its authors, journal, year, DOI, "
                    + "title, MeSH terms, licence...).");
        }

        // ------------------------------------------------------------ the vocabulary

        Optional<Parse> term() {
            boolean countQuestion = COUNT_WORDS.matcher(q.text).find();
            for (Rule r : TERM_RULES) {
                Matcher m = r.pattern.matcher(q.text);
                if (!m.find() || countQuestion && r.shape.answerVariable() != null && !r.shape.answerVariable().equals("count")) {
                    continue;
                }
                if (r.shape == Shape.TERM_BY_ID) {
                    if (q.meshIds.size() == 1) {
                        return Optional.of(Parse.of(Interpretation.ofLiteral(r.shape, q.meshIds.get(0))));
                    }
                    continue;
                }
                if (r.shape == Shape.TERM_BY_TREE_NUMBER) {
                    if (q.treeNumbers.size() == 1) {
                        return Optional.of(Parse.of(Interpretation.ofLiteral(r.shape, q.treeNumbers.get(0))));
                    }
                    continue;
                }
                if (r.shape == Shape.COUNT_TERMS) {
                    return Optional.of(Parse.of(Interpretation.of(r.shape, Selection.NONE)));
                }
                // One shape's alternatives may name the term u (a rule cannot name two groups t).
                Optional<LinkedTerm> t = link(m.group("t") != null ? m.group("t") : m.group("u"));
                if (t.isEmpty()) {
                    continue;
                }
                if (r.shape == Shape.TERM_IS_A) {
                    Optional<LinkedTerm> u = link(m.group("u"));
                    if (u.isEmpty()) {
                        continue;
                    }
                    return Optional.of(Parse.of(Interpretation.ofTerm(r.shape, t.get(), u.get())));
                }
                return Optional.of(Parse.of(Interpretation.ofTerm(r.shape, t.get(), null)));
            }
            return Optional.empty();
        }

        private Optional<LinkedTerm> link(String words) {
            if (NOT_A_TERM.matcher(words).find()) {
                return Optional.empty();
            }
            Optional<LinkedTerm> t = topics.term(words.trim(), q.meshIds, q.treeNumbers);
            if (t.isEmpty() && firstProblem == null) {
                firstProblem = "No MeSH term has the name \"" + words.trim() + "\".";
            }
            if (t.isEmpty()) {
                recogniseIn(words);
            }
            t.ifPresent(linked::add);
            return t;
        }

        // ------------------------------------------------------------ articles in general

        Parse general() {
            if (TOP_N.matcher(q.text).find()) {
                return fail("Lists of the first few are not answered; ask which one has the most, or for all of them.");
            }
            for (Rule r : GENERAL_RULES) {
                Matcher m = r.pattern.matcher(q.text);
                if (!m.find()) {
                    continue;
                }
                String rest = removeFrame(q.text, m);
                Selection.NamedEntity author = null;
                Selection.NamedEntity journal = null;
                if (r.shape == Shape.ARTICLES_BY_AUTHOR || r.shape == Shape.COUNT_ARTICLES_BY_AUTHOR) {
                    String name = m.group("name");
                    List<String> found = catalog().authors(name);
                    Set<String> journals = catalog().journals(name);
                    if (found.isEmpty() && !journals.isEmpty()) {
                        // "How many articles did Scientific Reports publish?": the journal's.
                        journal = new Selection.NamedEntity(name, List.copyOf(journals));
                        return selection(r.shape == Shape.ARTICLES_BY_AUTHOR ? Shape.LIST_ARTICLES : Shape.COUNT_ARTICLES,
                                rest.replace(name, " "), null, journal);
                    }
                    if (found.isEmpty()) {
                        if (firstProblem == null) {
                            firstProblem = "No author named \"" + name + "\" wrote an article in the collection.";
                        }
                        continue; // the words in the name's place may be something else ("have asthma as ...")
                    }
                    author = new Selection.NamedEntity(name, found);
                    rest = rest.replace(name, " ");
                }
                return selection(r.shape, rest, author, journal);
            }
            linked.addAll(topics.recognise(q.text));
            return fail("The question does not ask for something the parser knows how to find: a count or a list of "
                    + "articles, journals, authors or years, something about one article, or about a MeSH term.");
        }

        private Parse selection(Shape shape, String rest, Selection.NamedEntity author, Selection.NamedEntity journal) {
            Matcher field = FIELD_CONSTRAINT.matcher(rest);
            if (field.find()) {
                return fail("Conditions on what an article records (\"" + field.group() + "\") are not understood.");
            }
            // "X or its narrower terms": every topic includes them already.
            rest = NARROWER_INCLUDED.matcher(rest).replaceAll(" ");
            boolean major = false;
            Matcher majorCue = MAJOR.matcher(rest);
            if (majorCue.find()) {
                major = true;
                rest = majorCue.replaceAll(" ");
                recognised.add("as a major topic");
            }
            if (author == null) {
                Named named = named(rest, AUTHOR_CUE, true);
                if (named != null) {
                    author = named.entity;
                    rest = named.rest;
                }
            }
            Named inJournal = journal == null ? named(rest, JOURNAL_CUE, false) : null;
            if (inJournal != null) {
                journal = inJournal.entity;
                rest = inJournal.rest;
            }
            if (author != null) {
                recognised.add("the author " + String.join(" or ", author.names()));
            }
            if (journal != null) {
                recognised.add("the journal " + String.join(" or ", journal.names()));
            }
            TopicLinker.Result t = topics.topics(rest, major, q.meshIds, q.treeNumbers);
            t.topics().forEach(topic -> linked.addAll(topic.anyOf()));
            t.excluded().forEach(topic -> linked.addAll(topic.anyOf()));
            if (!t.linked()) {
                noteUnlinked(t);
                return fail(firstProblem);
            }
            if (major && t.topics().isEmpty()) {
                return fail("\"Major topic\" needs a topic to be major.");
            }
            Selection s = new Selection(t.topics(), t.excluded(), q.yearFrom, q.yearTo, author, journal);
            Shape finalShape = shape;
            boolean byAuthorOnly = author != null && s.topics().isEmpty() && s.excluded().isEmpty() && !q.hasYears()
                    && journal == null;
            if (byAuthorOnly && shape == Shape.COUNT_ARTICLES) {
                finalShape = Shape.COUNT_ARTICLES_BY_AUTHOR;
            } else if (byAuthorOnly && shape == Shape.LIST_ARTICLES) {
                finalShape = Shape.ARTICLES_BY_AUTHOR;
            } else if (!byAuthorOnly && shape == Shape.COUNT_ARTICLES_BY_AUTHOR) {
                finalShape = Shape.COUNT_ARTICLES;
            } else if (!byAuthorOnly && shape == Shape.ARTICLES_BY_AUTHOR) {
                finalShape = Shape.LIST_ARTICLES;
            }
            return Parse.of(Interpretation.of(finalShape, s));
        }

        private void noteUnlinked(TopicLinker.Result t) {
            if (firstProblem == null && !t.unlinked().isEmpty()) {
                firstProblem = "No MeSH term has the name \"" + t.unlinked().get(0) + "\".";
            }
            t.unlinked().forEach(this::recogniseIn);
        }

        /** The terms named inside words that did not link as a whole, for the answer that says what was understood. */
        private void recogniseIn(String words) {
            topics.recognise(words).stream().filter(r -> linked.stream().noneMatch(l -> l.id().equals(r.id())))
                    .forEach(linked::add);
        }

        private record Named(Selection.NamedEntity entity, String rest) {}

        /**
         * The longest run of words after a cue that names authors (or a journal) of the collection, and the
         * text without cue and name; null when no cue is followed by a known name.
         */
        private Named named(String text, Pattern cue, boolean author) {
            Matcher m = cue.matcher(text);
            while (m.find()) {
                String[] after = text.substring(m.end()).split(" ");
                for (int n = Math.min(MAX_NAME_WORDS, after.length); n >= 1; n--) {
                    String words = String.join(" ", java.util.Arrays.copyOf(after, n));
                    List<String> found = author ? catalog().authors(words) : List.copyOf(catalog().journals(words));
                    if (!found.isEmpty()) {
                        String rest = text.substring(0, m.start()) + " " + text.substring(m.end() + words.length());
                        return new Named(new Selection.NamedEntity(words, found), rest);
                    }
                }
            }
            return null;
        }
    }

    /** The text without the frame words of a rule's match: its groups c1..c3, or the whole match. */
    private static String removeFrame(String text, Matcher m) {
        List<int[]> spans = new ArrayList<>();
        for (String g : List.of("c1", "c2", "c3")) {
            if (m.pattern().pattern().contains("(?<" + g + ">") && m.start(g) >= 0) {
                spans.add(new int[] {m.start(g), m.end(g)});
            }
        }
        if (spans.isEmpty()) {
            spans.add(new int[] {m.start(), m.end()});
        }
        StringBuilder out = new StringBuilder(text);
        for (int i = spans.size() - 1; i >= 0; i--) {
            out.replace(spans.get(i)[0], spans.get(i)[1], " ");
        }
        return out.toString();
    }

    static String years(Integer from, Integer to) {
        if (from != null && from.equals(to)) {
            return "published in " + from;
        }
        if (from != null && to != null) {
            return "published " + from + " to " + to;
        }
        return from != null ? "published in " + from + " or later" : "published in " + to + " or earlier";
    }
}
