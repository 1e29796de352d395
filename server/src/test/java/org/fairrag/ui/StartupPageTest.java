package org.fairrag.ui;

import org.fairrag.app.HttpServerLauncher;
import static com.microsoft.playwright.assertions.PlaywrightAssertions.assertThat;
import static org.assertj.core.api.Assertions.assertThat;

import com.microsoft.playwright.Browser;
import com.microsoft.playwright.BrowserType;
import com.microsoft.playwright.Page;
import com.microsoft.playwright.Playwright;
import com.microsoft.playwright.options.AriaRole;
import io.vertx.core.http.HttpServer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.fairrag.app.Fairrag;
import org.fairrag.app.StartupProgress;
import org.fairrag.http.ReadinessGate;
import org.fairrag.ingest.IngestProgress;
import org.fairrag.testing.TestFairrag;
import org.junit.jupiter.api.Test;

/**
 * The web app in headless Chromium while the server starts: it says what the start-up is doing, with its
 * counts, and once the API opens it hides that and the steps work.
 */
class StartupPageTest {

    private static final Path CHROMIUM = Path.of("/usr/bin/chromium");

    @Test
    void should_show_the_start_up_until_the_api_opens_and_then_search() throws Exception {
        assertThat(Files.isExecutable(CHROMIUM)).as("Debian's chromium at %s", CHROMIUM).isTrue();
        Fairrag demo = TestFairrag.demo();
        StartupProgress progress = new StartupProgress(IngestProgress.NONE);
        progress.step("Starting the stores");
        progress.start("Loading MeSH", 30_764, "terms");
        progress.advanceTo(2_000);
        ReadinessGate gate = ReadinessGate.create(demo.vertx(), progress::toJson);
        HttpServer server = demo.vertx().createHttpServer(HttpServerLauncher.protocolOptions()).requestHandler(gate).listen(0, "127.0.0.1").await();
        try (Playwright playwright = Playwright.create(new Playwright.CreateOptions()
                .setEnv(Map.of("PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD", "1")));
             Browser browser = playwright.chromium().launch(new BrowserType.LaunchOptions().setExecutablePath(CHROMIUM)
                     .setHeadless(true).setArgs(List.of("--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage")))) {
            Page page = browser.newPage();
            page.navigate("http://127.0.0.1:" + server.actualPort() + "/");

            assertThat(page.locator("#startup")).isVisible();
            assertThat(page.locator("#startup-text")).containsText("fairrag is starting");
            assertThat(page.locator("#startup-text")).containsText("Loading MeSH, 2,000 of 30,764 terms");
            assertThat(page.locator("#startup-bar")).hasAttribute("max", "30764");

            gate.open(TestFairrag.demoRouter());

            assertThat(page.locator("#startup")).isHidden();
            page.getByLabel("Search articles by meaning").fill("heart attack");
            page.getByRole(AriaRole.BUTTON, new Page.GetByRoleOptions().setName("Search").setExact(true)).click();
            assertThat(page.locator("#results > li").first()).isVisible();
        } finally {
            server.close().await();
        }
    }
}
