package org.fairrag.app;

import static org.assertj.core.api.Assertions.assertThat;

import io.vertx.core.json.JsonObject;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.fairrag.ingest.IngestProgress;
import org.junit.jupiter.api.Test;

/** What /health shows of a start-up, and what the console is told. */
class StartupProgressTest {

    private final AtomicLong now = new AtomicLong();
    private final List<String> console = new ArrayList<>();
    private final StartupProgress progress = new StartupProgress(new IngestProgress() {
        @Override
        public void step(String name) {
            console.add("step " + name);
        }

        @Override
        public void start(String task, long total, String unit) {
            console.add("start " + task + " " + total + " " + unit);
        }

        @Override
        public void adjustTotal(long total) {
            console.add("total " + total);
        }

        @Override
        public void advanceTo(long done) {
            console.add("done " + done);
        }

        @Override
        public void finish() {
            console.add("finish");
        }
    }, now::get);

    @Test
    void should_show_a_step_without_counts() {
        progress.step("Starting the stores");
        now.set(1_500_000_000L);

        JsonObject json = progress.toJson();

        assertThat(json.getLong("elapsedMs")).isEqualTo(1500);
        assertThat(json.getJsonObject("step").getString("name")).isEqualTo("Starting the stores");
        assertThat(json.getJsonObject("step").getLong("elapsedMs")).isEqualTo(1500);
        assertThat(json.getJsonObject("step").containsKey("done")).isFalse();
        assertThat(console).containsExactly("step Starting the stores");
    }

    @Test
    void should_count_a_task_and_list_the_steps_finished_with_their_times() {
        progress.step("Starting the stores");
        now.set(2_000_000_000L);
        progress.start("Loading MeSH", 30764, "terms");
        progress.advanceTo(2000);
        now.set(5_000_000_000L);

        JsonObject json = progress.toJson();

        JsonObject step = json.getJsonObject("step");
        assertThat(step.getString("name")).isEqualTo("Loading MeSH");
        assertThat(step.getLong("done")).isEqualTo(2000);
        assertThat(step.getLong("total")).isEqualTo(30764);
        assertThat(step.getString("unit")).isEqualTo("terms");
        assertThat(step.getLong("elapsedMs")).isEqualTo(3000);
        assertThat(json.getJsonArray("finished").getJsonObject(0).getString("name")).isEqualTo("Starting the stores");
        assertThat(json.getJsonArray("finished").getJsonObject(0).getLong("ms")).isEqualTo(2000);
        assertThat(console).containsExactly("step Starting the stores", "start Loading MeSH 30764 terms", "done 2000");
        assertThat(progress.finishedSteps()).isEqualTo("Starting the stores 2.0 s");
    }

    @Test
    void should_leave_out_the_total_of_a_task_of_unknown_size_until_it_is_known() {
        progress.start("Ingesting articles.jsonl.gz", -1, "records");
        progress.advanceTo(500);
        assertThat(progress.toJson().getJsonObject("step").containsKey("total")).isFalse();

        progress.adjustTotal(2500);

        assertThat(progress.toJson().getJsonObject("step").getLong("total")).isEqualTo(2500);
        assertThat(progress.toJson().getJsonObject("step").getLong("done")).isEqualTo(500);
        assertThat(console).contains("total 2500");
    }

    @Test
    void should_stop_the_clock_when_ready() {
        progress.step("Opening the API");
        now.set(42_000_000_000L);
        progress.ready();
        now.set(99_000_000_000L);

        assertThat(progress.elapsedMillis()).isEqualTo(42_000);
        assertThat(progress.toJson().containsKey("step")).isFalse();
        assertThat(console).endsWith("finish");
    }
}
