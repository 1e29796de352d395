package org.fairrag.ui;

import static com.microsoft.playwright.assertions.PlaywrightAssertions.assertThat;
import static org.assertj.core.api.Assertions.assertThat;

import com.microsoft.playwright.Browser;
import com.microsoft.playwright.BrowserContext;
import com.microsoft.playwright.BrowserType;
import com.microsoft.playwright.Download;
import com.microsoft.playwright.Locator;
import com.microsoft.playwright.Page;
import com.microsoft.playwright.Playwright;
import com.microsoft.playwright.Route;
import com.microsoft.playwright.assertions.PlaywrightAssertions;
import com.microsoft.playwright.options.AriaRole;
import com.microsoft.playwright.options.RequestOptions;
import io.vertx.core.json.JsonObject;
import java.io.IOException;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.regex.Pattern;
import org.fairrag.generate.Prompts;
import org.fairrag.testing.TestFairrag;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The web app in headless Chromium (Debian's {@code /usr/bin/chromium}; Playwright never downloads a
 * browser) on the demo collection: the researcher's whole flow, the address restoring it, the query page,
 * errors, the keyboard and a phone-width screen. Every step leaves a screenshot in
 * {@code target/screenshots/}. With {@code -Dfairrag.webapp.url=http://host:port} the tests run against a
 * server already running the demo, instead of starting one.
 */
class WebAppTest {

    private static final Path CHROMIUM = Path.of("/usr/bin/chromium");
    private static final Path SCREENSHOTS = Path.of("target", "screenshots");
    private static final Pattern PID_PATH = Pattern.compile("^/pid/[0-9a-z]{13}$");
    private static final double TIMEOUT_MS = 180_000;
    private static final Page.GetByLabelOptions EXACT = new Page.GetByLabelOptions().setExact(true);

    private static Playwright playwright;
    private static Browser browser;
    private static String base;

    private BrowserContext context;
    private Page page;
    private final List<String> consoleErrors = new ArrayList<>();

    @BeforeAll
    static void startBrowser() throws IOException {
        assertThat(Files.isExecutable(CHROMIUM))
                .as("The browser tests need Debian's Chromium at %s (apt-get install chromium)", CHROMIUM).isTrue();
        String external = System.getProperty("fairrag.webapp.url");
        base = external != null ? external : "http://127.0.0.1:" + TestFairrag.demoPort();
        Files.createDirectories(SCREENSHOTS);
        playwright = Playwright.create(new Playwright.CreateOptions()
                .setEnv(Map.of("PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD", "1")));
        browser = playwright.chromium().launch(new BrowserType.LaunchOptions()
                .setExecutablePath(CHROMIUM)
                .setHeadless(true)
                .setArgs(List.of("--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage")));
        PlaywrightAssertions.setDefaultAssertionTimeout(TIMEOUT_MS);
    }

    @AfterAll
    static void stopBrowser() {
        if (playwright != null) {
            playwright.close();
        }
    }

    @BeforeEach
    void openPage() {
        page = newPage(1280, 900);
    }

    @AfterEach
    void closeContext() {
        if (context != null) {
            context.close();
        }
    }

    @Test
    void should_take_a_researcher_from_a_search_to_a_cited_summary() throws Exception {
        page.navigate(base + "/");

        // 1. Search
        field("Search articles by meaning").fill("treatments for mouth cancer");
        field("Results").fill("20");
        button("Search").click();
        Locator results = page.locator("#results > li");
        assertThat(results).hasCount(20);
        assertThat(page.locator("#search-status")).containsText("20 articles");
        for (String href : results.locator("h3 a").all().stream().map(a -> a.getAttribute("href")).toList()) {
            assertThat(href).matches(PID_PATH);
        }
        assertThat(results.first().locator(".snippet")).not().isEmpty();
        assertThat(results.first().locator(".score")).containsText("score");
        assertThat(page.locator("#results button.chip").first()).isVisible();
        screenshot("01-search", "#search");

        // 2. Refine: terms in plain words, details, the narrower tree one level further
        field("Find terms in plain words").fill("mouth cancer");
        button("Find terms").click();
        Locator hit = page.locator("#term-hits > li").filter(new Locator.FilterOptions().setHasText("D009062"));
        assertThat(hit).hasCount(1);
        assertThat(hit.locator(".term-label")).hasText("Mouth Neoplasms");
        assertThat(hit.locator(".term-matched")).containsText("matched");
        button("Details of Mouth Neoplasms").click();
        Locator detail = hit.locator(".term-detail");
        assertThat(detail).containsText("Also called");
        assertThat(detail).containsText("Broader terms");
        assertThat(detail).containsText("In the literature");
        assertThat(detail.locator(".literature blockquote.evidence").first()).containsText("PMID");
        Locator twisty = detail.locator("button.twisty").first();
        twisty.click();
        assertThat(twisty).hasAttribute("aria-expanded", "true");
        assertThat(page.locator("#" + twisty.getAttribute("aria-controls") + " .tree > li").first()).isVisible();
        screenshot("02-refine", "#refine");

        // Select Mouth Neoplasms with its narrower terms
        button("Select Mouth Neoplasms with narrower terms").click();
        assertThat(page.locator("#selected > li")).hasCount(1);
        assertThat(page.locator("#selected > li")).containsText("Mouth Neoplasms");
        assertThat(page.locator("#explode")).isChecked();
        assertThat(button("Select Mouth Neoplasms")).hasAttribute("aria-pressed", "true");
        assertThat(page).hasURL(Pattern.compile(".*terms=D009062.*explode=true.*"));
        assertThat(page.locator("#selection").boundingBox().x)
                .as("the selection stands beside the steps at 1280 px")
                .isGreaterThan(page.locator("#search").boundingBox().x + page.locator("#search").boundingBox().width);

        // 3. Filter the hits through the graph
        button("Apply the filter").click();
        assertThat(page.locator("#filter-status")).containsText("Kept");
        Locator kept = page.locator("#filter-out ol.articles > li");
        assertThat(kept.first()).isVisible();
        int keptCount = kept.count();
        assertThat(keptCount).isBetween(1, 20);
        for (Locator article : kept.all()) {
            assertThat(article.locator(".chip.matched")).hasText(new String[] {"Mouth Neoplasms"});
        }
        page.locator("details.sparql summary").click();
        assertThat(page.locator("details.sparql code")).containsText("skos:broader");
        assertThat(page.getByText("Open it in the query page").getAttribute("href")).startsWith("/sparql#query=");
        assertThat(page).hasURL(Pattern.compile(".*filter=1.*"));
        screenshot("03-filter", "#filter");

        // 4. Summarize the kept articles with the default prompt
        assertThat(field("What should the summary answer?"))
                .hasValue(Prompts.bundled().defaultSummaryPrompt());
        List<String> keptPaths = kept.locator("h3 a").all().stream().map(a -> a.getAttribute("href")).toList();
        button("Summarize " + keptCount + " article" + (keptCount == 1 ? "" : "s")).click();
        Locator summaryPid = page.locator("#summary-pid");
        assertThat(summaryPid).isVisible();
        assertThat(summaryPid.getAttribute("href")).matches(PID_PATH);
        Locator cites = page.locator("#summary-out .statement a.cite");
        assertThat(cites.first()).isVisible();
        // The statements stand under the selected term they are about.
        assertThat(page.locator("#summary-out h4.term-group")).hasText(new String[] {"Mouth Neoplasms"});
        for (Locator cite : cites.all()) {
            assertThat(keptPaths).contains(cite.getAttribute("href"));
        }
        screenshot("04-summary", "#summarize");

        Download markdown = page.waitForDownload(() -> button("Download Markdown").click());
        String md = Files.readString(markdown.path());
        assertThat(md).startsWith("# Summary").contains(summaryPid.textContent()).contains("### Mouth Neoplasms")
                .contains("## Sources");

        // 5. Export the same articles as RIS
        Download ris = page.waitForDownload(() -> button("RIS").click());
        assertThat(ris.suggestedFilename()).isEqualTo("fairrag-articles.ris");
        String records = Files.readString(ris.path());
        assertThat(records.split("TY  - JOUR", -1)).hasSize(keptCount + 1);
        assertThat(records.split("ER  - ", -1)).hasSize(keptCount + 1);

        // Follow a citation to its landing page
        String summaryPath = summaryPid.getAttribute("href");
        Locator firstCite = cites.first();
        String citedTitle = firstCite.getAttribute("title");
        String citedPath = firstCite.getAttribute("href");
        assertThat(kept.locator("h3 a[href='" + citedPath + "']")).hasText(citedTitle);
        firstCite.click();
        assertThat(page).hasURL(base + citedPath);
        assertThat(page.locator("h1")).hasText(citedTitle);
        screenshot("05-landing", "h1");

        // The summary's own PID resolves to its landing page
        page.navigate(base + summaryPath);
        assertThat(page.locator("p.kind")).containsText("Summary");
        assertNoConsoleErrorsOnAppPages();
    }

    @Test
    void should_keep_what_was_typed_while_the_server_got_ready() {
        // The page's first /health says the server is still starting; later ones reach the server.
        AtomicBoolean starting = new AtomicBoolean(true);
        page.route("**/health", route -> {
            if (starting.get()) {
                route.fulfill(new Route.FulfillOptions().setStatus(503).setContentType("application/json")
                        .setBody("{\"status\":\"STARTING\",\"startup\":{\"elapsedMs\":1000}}"));
            } else {
                route.resume();
            }
        });
        page.navigate(base + "/");
        assertThat(page.locator("#startup")).isVisible();

        field("Search articles by meaning").fill("treatments for mouth cancer");
        field("Find terms in plain words").fill("mouth cancer");
        starting.set(false);
        assertThat(page.locator("#startup")).isHidden();

        assertThat(field("Search articles by meaning")).hasValue("treatments for mouth cancer");
        assertThat(field("Find terms in plain words")).hasValue("mouth cancer");
        button("Search").click();
        assertThat(page.locator("#results > li")).hasCount(10);
    }

    @Test
    void should_say_which_concepts_it_also_searched_and_search_again_without_one() {
        page.navigate(base + "/");
        field("Search articles by meaning").fill("treatments for mouth cancer");
        button("Search").click();
        Locator concepts = page.locator("#concepts");
        assertThat(concepts.locator(".concepts-searched")).containsText("Also searched as MeSH");
        assertThat(concepts.locator(".concepts-searched")).containsText("Mouth Neoplasms");
        assertThat(page.locator("#results > li")).hasCount(10);
        screenshot("10-concepts", "#search");

        Locator conceptChip = concepts.locator(".concepts-searched button.chip",
                new Locator.LocatorOptions().setHasText("Mouth Neoplasms"));
        assertThat(conceptChip).hasAttribute("title", Pattern.compile("Select it for the filter"));
        conceptChip.click();
        assertThat(conceptChip).hasAttribute("aria-pressed", "true");
        assertThat(page.locator("#selected > li")).containsText(new String[] {"Mouth Neoplasms"});
        assertThat(button("Apply the filter")).isEnabled();
        conceptChip.click();
        assertThat(conceptChip).hasAttribute("aria-pressed", "false");
        assertThat(page.locator("#selected > li")).hasCount(0);

        button("Search again without MeSH Mouth Neoplasms").click();
        Locator putBack = button("Search again with MeSH Mouth Neoplasms");
        assertThat(putBack).isFocused();
        assertThat(concepts.locator(".concepts-off")).containsText("Searched without MeSH Mouth Neoplasms");
        assertThat(concepts.locator(".concepts-searched")).not().containsText("Mouth Neoplasms");
        assertThat(page).hasURL(Pattern.compile(".*[?&]notConcepts=D009062(&.*)?$"));
        assertThat(page.locator("#results > li")).hasCount(10);

        Page again = newPage(1280, 900);
        again.navigate(page.url());
        assertThat(again.locator("#concepts .concepts-off")).containsText("Mouth Neoplasms");
        page = again;
        putBack = button("Search again with MeSH Mouth Neoplasms");
        putBack.click();
        assertThat(button("Search again without MeSH Mouth Neoplasms")).isFocused();
        assertThat(page.locator("#concepts .concepts-off")).hasCount(0);
        assertThat(page).not().hasURL(Pattern.compile(".*notConcepts.*"));
        assertNoConsoleErrorsOnAppPages();
    }

    @Test
    void should_restore_a_search_its_terms_and_its_filter_from_the_address() {
        page.navigate(base + "/");
        field("Search articles by meaning").fill("radiotherapy for oral cancer");
        field("Results").fill("8");
        button("Search").click();
        assertThat(page.locator("#results > li")).hasCount(8);
        Locator chip = page.locator("#results > li").first().locator("button.chip").first();
        String term = chip.textContent();
        chip.click();
        assertThat(chip).hasAttribute("aria-pressed", "true");
        assertThat(page.locator("#selected > li")).containsText(new String[] {term});
        field("all selected terms").check();
        button("Apply the filter").click();
        assertThat(page.locator("#filter-status")).containsText("Kept");
        List<String> hits = page.locator("#results h3").allTextContents();
        List<String> kept = page.locator("#filter-out h3").allTextContents();
        assertThat(kept).isNotEmpty();
        String address = page.url();

        Page again = newPage(1280, 900);
        again.navigate(address);
        assertThat(again.locator("#filter-status")).containsText("Kept");
        assertThat(again.locator("#results h3")).hasText(hits.toArray(String[]::new));
        assertThat(again.locator("#filter-out h3")).hasText(kept.toArray(String[]::new));
        assertThat(again.locator("#selected .sel-label")).hasText(new String[] {term});
        assertThat(again.getByLabel("Search articles by meaning", EXACT)).hasValue("radiotherapy for oral cancer");
        assertThat(again.getByLabel("Results", EXACT)).hasValue("8");
        assertThat(again.getByLabel("all selected terms", EXACT)).isChecked();
        page = again;
        screenshot("06-restored", "#filter");

        // The SPARQL that ran opens in the query page, prefilled but not run; running it finds the kept articles
        List<String> keptPaths = again.locator("#filter-out h3 a").all().stream().map(a -> a.getAttribute("href")).toList();
        again.locator("details.sparql summary").click();
        again.getByText("Open it in the query page").click();
        assertThat(again.locator(".CodeMirror")).containsText("GROUP BY");
        assertThat(again.locator("#query-results table")).hasCount(0);
        again.getByRole(AriaRole.BUTTON, new Page.GetByRoleOptions().setName("Run the query")).click();
        Locator rows = again.locator("#query-results tbody tr");
        assertThat(rows).hasCount(kept.size());
        for (String path : keptPaths) {
            assertThat(again.locator("#query-results tbody a[href='" + path + "']")).hasCount(1);
        }
        assertNoConsoleErrorsOnAppPages();
    }

    @Test
    void should_keep_every_step_in_step_with_the_selection_the_filter_and_the_history() {
        page.navigate(base + "/");
        field("Search articles by meaning").fill("treatments for mouth cancer");
        button("Search").click();
        assertThat(page.locator("#results > li")).hasCount(10);
        Locator chip = page.locator("#results button.chip").first();
        String termId = chip.getAttribute("data-select-term");
        chip.click();
        assertThat(page.locator("#selected > li")).hasCount(1);
        button("Apply the filter").click();
        assertThat(page.locator("#filter-status")).containsText("Kept");
        assertThat(page.locator("#results input.choose")).hasCount(0); // the filtered articles are chosen below
        assertThat(button("Back to all search hits")).isVisible();

        // A changed selection says the filter's answer is out of date, and the address keeps the change
        page.locator("#selected input[type=checkbox]").check();
        assertThat(page.locator("#filter-status")).hasText("The selection changed since this filter ran: apply it again to update.");
        assertThat(page).hasURL(Pattern.compile(".*[?&]exclude=" + termId + "(&.*)?$"));

        // Back to the hits: the filter's answer goes, every hit can be chosen again, the address forgets the filter
        button("Back to all search hits").click();
        assertThat(button("Back to all search hits")).isHidden();
        assertThat(page.locator("#filter-out *")).hasCount(0);
        assertThat(page.locator("#filter-status")).isEmpty();
        assertThat(page.locator("#results input.choose")).hasCount(10);
        assertThat(page).not().hasURL(Pattern.compile(".*filter=1.*"));
        page.locator("#results input.choose").first().uncheck();
        assertThat(page.locator("#summarize p.chosen")).hasText("9 articles chosen of the search hits.");
        assertThat(button("Summarize 9 articles")).isEnabled();

        // A summary goes when the articles chosen change, since its citations number them (the UI sweep, 2026-11-25)
        button("Summarize 9 articles").click();
        assertThat(page.locator("#summary-pid")).isVisible();
        page.locator("#results input.choose").first().check();
        assertThat(page.locator("#summary-out .statement")).hasCount(0);
        assertThat(page.locator("#summary-status")).hasText("The chosen articles changed since this summary: summarize again.");

        // A new search is a new history entry; Back brings the first search and its selection again
        field("Search articles by meaning").fill("asthma in children");
        button("Search").click();
        assertThat(page.locator("#search-status")).containsText("10 articles");
        page.goBack();
        assertThat(field("Search articles by meaning")).hasValue("treatments for mouth cancer");
        assertThat(page.locator("#search-status")).containsText("10 articles");
        assertThat(page.locator("#results input.choose:checked")).hasCount(10);
        assertThat(page.locator("#selected input[type=checkbox]")).isChecked();
        assertThat(page.locator("#selected .sel-label")).not().hasText(termId); // its label came back too

        // Clear all empties the selection and disables the filter
        button("Clear all").click();
        assertThat(page.locator("#selected > li")).hasCount(0);
        assertThat(page.locator("#selection-empty")).isVisible();
        assertThat(button("Apply the filter")).isDisabled();
        assertThat(page).not().hasURL(Pattern.compile(".*(terms|exclude)=.*"));
        assertNoConsoleErrorsOnAppPages();
    }

    @Test
    void should_answer_a_question_and_hand_its_term_and_its_articles_to_the_steps() {
        page.navigate(base + "/");
        field("Ask a question in plain words").fill("Which articles about heart attacks were published since 2010?");
        button("Ask").click();

        Locator answer = page.locator("#ask-answer");
        assertThat(answer).containsText("are about Myocardial Infarction (or a narrower term), published in 2010 or later");
        Locator rows = page.locator("#ask-out tbody tr");
        assertThat(rows.first()).isVisible();
        int found = rows.count();
        for (Locator link : page.locator("#ask-out tbody td:first-child a").all()) {
            assertThat(link.getAttribute("href")).matches(PID_PATH);
        }
        assertThat(page).hasURL(Pattern.compile(".*[?&]ask=Which\\+articles.*"));
        int sentences = new JsonObject(page.request().post(base + "/api/ask", RequestOptions.create()
                .setHeader("Content-Type", "application/json")
                .setData(new JsonObject().put("question", "Which articles about heart attacks were published since 2010?").encode()))
                .text()).getJsonArray("evidence").size();
        assertThat(sentences).as("evidence sentences the API gives").isPositive();
        page.locator("#ask-evidence summary").click();
        assertThat(page.locator("#ask-evidence summary")).containsText("What the articles say about Myocardial Infarction");
        assertThat(page.locator("#ask-evidence li")).hasCount(sentences);
        assertThat(page.locator("#ask-evidence li a").first()).hasAttribute("href", PID_PATH);
        page.locator("#ask details.sparql summary").click();
        assertThat(page.locator("#ask details.sparql code")).containsText("skos:broader");
        String sparql = page.locator("#ask details.sparql code").textContent();
        screenshot("10-ask", "#ask");

        // One click opens the query in the query page, where it finds the same rows
        Page queryPage = newPage(1280, 900);
        queryPage.navigate(page.url());
        queryPage.locator("#ask-query-link").click();
        assertThat(queryPage).hasURL(Pattern.compile(".*/sparql#query=.*"));
        assertThat(queryPage.locator(".CodeMirror")).containsText("skos:broader");
        assertThat(URLDecoder.decode(queryPage.url().replaceFirst(".*#query=", ""), StandardCharsets.UTF_8))
                .isEqualTo(sparql);
        queryPage.getByRole(AriaRole.BUTTON, new Page.GetByRoleOptions().setName("Run the query")).click();
        assertThat(queryPage.locator("#query-results tbody tr")).hasCount(found);

        // The linked term selects it for refine; the articles become the hits that the filter and summary use
        page.locator("#ask-out button.chip").filter(new Locator.FilterOptions().setHasText("Myocardial Infarction")).click();
        assertThat(page.locator("#selected > li")).containsText("Myocardial Infarction");
        button("Use these " + found + " article" + (found == 1 ? "" : "s") + " in the steps below").click();
        assertThat(page.locator("#results > li")).hasCount(found);
        button("Apply the filter").click();
        assertThat(page.locator("#filter-status")).hasText("Kept " + found + " of " + found + " articles.");
        assertThat(button("Summarize " + found + " article" + (found == 1 ? "" : "s"))).isEnabled();

        // The address asks the question again
        String text = answer.textContent();
        Page again = newPage(1280, 900);
        again.navigate(page.url());
        assertThat(again.locator("#ask-answer")).hasText(text);
        assertThat(again.getByLabel("Ask a question in plain words", EXACT))
                .hasValue("Which articles about heart attacks were published since 2010?");
        assertNoConsoleErrorsOnAppPages();
    }

    @Test
    void should_offer_questions_it_can_answer_when_it_cannot_read_one() {
        page.navigate(base + "/");
        field("Ask a question in plain words").fill("Why do heart attacks happen at dawn?");
        button("Ask").click();

        assertThat(page.locator("#ask-answer")).containsText("I could not turn this question into a query");
        assertThat(page.locator("#ask-status")).hasText("Not understood.");
        Locator suggestion = button("How many articles are about Myocardial Infarction?");
        suggestion.click();
        assertThat(page.locator("#ask-answer")).containsText("articles are about Myocardial Infarction");
        assertThat(page.getByLabel("Ask a question in plain words", EXACT))
                .hasValue("How many articles are about Myocardial Infarction?");
        screenshot("11-ask-suggestion", "#ask");
        assertNoConsoleErrorsOnAppPages();
    }

    @Test
    void should_run_a_select_on_the_query_page_and_show_its_rows() {
        page.navigate(base + "/sparql");

        assertThat(page.locator(".CodeMirror")).isVisible();
        assertThat(page.locator(".CodeMirror .cm-keyword").first()).isVisible();
        page.locator(".CodeMirror textarea").focus();
        page.keyboard().press("Tab");
        assertThat(button("Run the query")).isFocused(); // Tab leaves the editor
        button("Articles about a MeSH term").click();
        assertThat(page.locator(".CodeMirror")).containsText("D009062");
        button("Run the query").click();
        Locator rows = page.locator("#query-results tbody tr");
        assertThat(rows.first()).isVisible();
        assertThat(rows.count()).isBetween(1, 25);
        assertThat(page.locator("#query-results th")).hasText(new String[] {"article", "title"});
        assertThat(page).hasURL(Pattern.compile(".*/sparql#query=.*"));
        screenshot("07-query-page", "h1");

        Locator first = rows.first();
        String title = first.locator("td").nth(1).textContent();
        Locator link = first.locator("td a");
        assertThat(link.getAttribute("href")).matches(PID_PATH);
        link.click();
        assertThat(page.locator("h1")).hasText(title);
        assertNoConsoleErrorsOnAppPages();
    }

    @Test
    void should_show_every_operation_of_the_api_on_the_api_page() throws Exception {
        page.navigate(base + "/");
        page.getByRole(AriaRole.LINK, new Page.GetByRoleOptions().setName("API").setExact(true)).click();

        assertThat(page).hasURL(base + "/api.html");
        Locator operations = page.locator("#api-description .opblock");
        assertThat(operations.first()).isVisible();
        var document = new com.fasterxml.jackson.databind.ObjectMapper(new com.fasterxml.jackson.dataformat.yaml.YAMLFactory())
                .readTree(page.request().get(base + "/openapi.yaml").body());
        int documented = 0;
        for (var path : document.get("paths")) {
            for (var method : List.of("get", "head", "post", "put", "delete", "patch")) {
                documented += path.has(method) ? 1 : 0;
            }
        }
        assertThat(operations).hasCount(documented);
        screenshot("09-api-page", "h1");
        assertNoConsoleErrorsOnAppPages();
    }

    @Test
    void should_explain_a_refused_request_in_plain_words() {
        // A shared link naming a term the vocabulary does not have: the server answers 404.
        page.navigate(base + "/?q=mouth%20cancer&terms=D999999&filter=1");

        assertThat(page.locator("#selection-error")).isVisible();
        assertThat(page.locator("#selection-error")).containsText("No term D999999 in the vocabulary.");
        assertThat(page.locator("#results > li")).hasCount(10);
        assertThat(page.locator("#selected > li")).hasCount(0);
        screenshot("08-error", "#selection-error");

        // A search that fails leaves no hits of the search before to summarize or export (the UI sweep, 2026-11-25)
        page.context().setOffline(true);
        try {
            field("Search articles by meaning").fill("heart attack");
            button("Search").click();
            assertThat(page.locator("#search-error")).isVisible();
            assertThat(page.locator("#results > li")).hasCount(0);
            assertThat(page.locator("#summarize-button")).isDisabled();
        } finally {
            page.context().setOffline(false);
        }

        // A query with a syntax error: the endpoint answers 400 and the page says where.
        page.navigate(base + "/sparql#query=SELEC%20%3Fs%20WHERE%20%7B%7D");
        button("Run the query").click();
        assertThat(page.locator("#query-error")).isVisible();
        assertThat(page.locator("#query-error")).containsText("SPARQL syntax error");
    }

    @Test
    void should_work_with_the_keyboard_alone_on_a_phone_screen() {
        page = newPage(390, 844);
        page.navigate(base + "/");

        page.keyboard().press("Tab");
        assertThat(page.locator(".skip")).isFocused();
        page.keyboard().press("Enter");
        assertThat(page.locator("#q")).isFocused();
        page.keyboard().type("mouth cancer surgery");
        page.keyboard().press("Enter");
        assertThat(page.locator("#results > li")).hasCount(10);
        Locator chip = page.locator("#results button.chip").first();
        for (int i = 0; i < 40 && !(Boolean) chip.evaluate("c => c === document.activeElement"); i++) {
            page.keyboard().press("Tab");
        }
        assertThat(chip).isFocused();
        page.keyboard().press("Space");
        assertThat(chip).hasAttribute("aria-pressed", "true");
        assertThat(page.locator("#selected > li")).hasCount(1);
        Object overflow = page.evaluate("() => document.documentElement.scrollWidth - window.innerWidth");
        assertThat(((Number) overflow).intValue()).as("horizontal overflow at 390 px").isLessThanOrEqualTo(0);
        screenshot("09-phone", "#selection");
        assertNoConsoleErrorsOnAppPages();
    }

    private Page newPage(int width, int height) {
        context = context != null ? context : browser.newContext(new Browser.NewContextOptions()
                .setViewportSize(width, height).setAcceptDownloads(true));
        Page p = context.newPage();
        p.setViewportSize(width, height);
        p.setDefaultTimeout(TIMEOUT_MS);
        p.setDefaultNavigationTimeout(TIMEOUT_MS);
        p.onConsoleMessage(m -> {
            if ("error".equals(m.type())) {
                consoleErrors.add(p.url() + ": " + m.text());
            }
        });
        p.onPageError(e -> consoleErrors.add(p.url() + ": " + e));
        return p;
    }

    private Locator field(String label) {
        return page.getByLabel(label, EXACT);
    }

    private Locator button(String name) {
        return page.getByRole(AriaRole.BUTTON, new Page.GetByRoleOptions().setName(name).setExact(true));
    }

    /** What the screen shows with {@code selector} scrolled to its top. */
    private void screenshot(String name, String selector) {
        page.locator(selector).first().evaluate("e => e.scrollIntoView({block: 'start'})");
        page.screenshot(new Page.ScreenshotOptions().setPath(SCREENSHOTS.resolve(name + ".png")));
    }

    /** Script errors and CSP violations on the app's own pages (landing pages are not the app's). */
    private void assertNoConsoleErrorsOnAppPages() {
        assertThat(consoleErrors.stream().filter(e -> !e.contains("/pid/")).toList()).isEmpty();
    }
}
