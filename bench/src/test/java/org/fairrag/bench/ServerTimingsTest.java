package org.fairrag.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import org.junit.jupiter.api.Test;

class ServerTimingsTest {

    @Test
    void should_average_each_part_and_take_percentiles_of_the_server_s_total() {
        ServerTimings t = ServerTimings.of(List.of(
                "embed;dur=4.00, concepts;dur=2.00, retrieve;dur=10.00, total;dur=17.00",
                "embed;dur=0.02, concepts;dur=0.01, retrieve;dur=12.00, total;dur=13.00",
                "embed;dur=0.02, concepts;dur=0.01, retrieve;dur=30.00, total;dur=31.00"), new double[] {18, 14, 33}, 45);

        assertThat(t.requests()).isEqualTo(3);
        assertThat(t.embedMs()).isCloseTo(4.04 / 3, within(1e-9));
        assertThat(t.conceptsMs()).isCloseTo(2.02 / 3, within(1e-9));
        assertThat(t.retrieveMs()).isCloseTo(52.0 / 3, within(1e-9));
        assertThat(t.totalMs()).isCloseTo(61.0 / 3, within(1e-9));
        assertThat(t.otherMs()).isCloseTo((61.0 - 4.04 - 2.02 - 52.0) / 3, within(1e-9));
        assertThat(t.p50Ms()).isEqualTo(17.0);
        assertThat(t.p99Ms()).isEqualTo(31.0);
        assertThat(t.clientP50Ms()).isEqualTo(18.0);
        assertThat(t.cpuMs()).isEqualTo(15.0);
        assertThat(t.cell()).isEqualTo("17.0 / 31.0 (17.3; 15.0)");
    }

    @Test
    void should_count_a_part_the_hybrid_search_does_not_report_as_nothing() {
        ServerTimings t = ServerTimings.of(List.of("embed;dur=3.50, retrieve;dur=8.25, total;dur=12.00"), new double[] {13}, 9);

        assertThat(t.conceptsMs()).isZero();
        assertThat(t.embedMs()).isEqualTo(3.5);
        assertThat(t.otherMs()).isCloseTo(0.25, within(1e-9));
    }

    @Test
    void should_refuse_requests_without_their_client_times() {
        assertThatThrownBy(() -> ServerTimings.of(List.of("total;dur=1.00"), new double[0], 1))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> ServerTimings.of(List.of(), new double[0], 0)).isInstanceOf(IllegalArgumentException.class);
    }
}
