package org.fairrag.generate;

import static org.assertj.core.api.Assertions.assertThat;

import io.vertx.core.Future;
import io.vertx.core.Promise;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;

class SharedMakingsTest {

    private final SharedMakings makings = new SharedMakings();
    private final List<Consumer<Statement>> toEveryone = new ArrayList<>();
    private final List<Cancellation> shared = new ArrayList<>();
    private final List<Promise<Summary>> made = new ArrayList<>();

    private Future<Summary> request(List<Statement> heard, Cancellation gone) {
        return makings.joinOrStart("s1", heard::add, gone, (statements, cancellation) -> {
            toEveryone.add(statements);
            shared.add(cancellation);
            Promise<Summary> p = Promise.promise();
            made.add(p);
            return p.future();
        });
    }

    @Test
    void should_start_one_making_and_give_a_late_request_the_statements_made_before_it_joined() {
        List<Statement> first = new ArrayList<>();
        List<Statement> late = new ArrayList<>();
        Future<Summary> a = request(first, new Cancellation());
        toEveryone.get(0).accept(statement("one"));
        Future<Summary> b = request(late, new Cancellation());
        toEveryone.get(0).accept(statement("two"));
        made.get(0).complete(summary());

        assertThat(made).hasSize(1);
        assertThat(first).extracting(Statement::text).containsExactly("one", "two");
        assertThat(late).extracting(Statement::text).containsExactly("one", "two");
        assertThat(a.result()).isSameAs(b.result());
        assertThat(makings.size()).isZero();
    }

    @Test
    void should_stop_the_making_only_when_every_request_sharing_it_has_gone() {
        Cancellation goneA = new Cancellation();
        Cancellation goneB = new Cancellation();
        Future<Summary> a = request(new ArrayList<>(), goneA);
        Future<Summary> b = request(new ArrayList<>(), goneB);

        goneA.cancel();
        assertThat(a.cause()).isInstanceOf(CancellationException.class);
        assertThat(b.isComplete()).isFalse();
        assertThat(shared.get(0).isCancelled()).isFalse();

        goneB.cancel();
        assertThat(b.cause()).isInstanceOf(CancellationException.class);
        assertThat(shared.get(0).isCancelled()).isTrue();
    }

    @Test
    void should_start_anew_once_a_making_is_over_or_abandoned() {
        Cancellation gone = new Cancellation();
        request(new ArrayList<>(), gone);
        gone.cancel(); // abandoned, and its summarizer not yet stopped
        Future<Summary> next = request(new ArrayList<>(), new Cancellation());
        made.get(0).fail(new CancellationException("stopped"));
        made.get(1).fail(new IllegalStateException("the model failed"));
        Future<Summary> after = request(new ArrayList<>(), new Cancellation());

        assertThat(made).hasSize(3);
        assertThat(next.cause()).hasMessage("the model failed");
        assertThat(after.isComplete()).isFalse();
    }

    @Test
    void should_tell_a_request_that_finds_no_making_under_way() {
        assertThat(makings.join("s1", s -> { }, new Cancellation())).isNull();
        request(new ArrayList<>(), new Cancellation());
        assertThat(makings.join("s1", s -> { }, new Cancellation())).isNotNull();
        assertThat(makings.join("s2", s -> { }, new Cancellation())).isNull();
    }

    private static Statement statement(String text) {
        return new Statement(text, List.of("https://example.org/pid/a1"), null);
    }

    private static Summary summary() {
        return new Summary("https://example.org/pid/s1", "p", List.of(), List.of(), List.of(), "m", Instant.EPOCH, List.of());
    }
}
