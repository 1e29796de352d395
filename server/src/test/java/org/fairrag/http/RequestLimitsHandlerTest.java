package org.fairrag.http;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Which request URIs decode to well-formed UTF-8. */
class RequestLimitsHandlerTest {

    @Test
    void should_accept_plain_and_well_encoded_uris() {
        assertThat(RequestLimitsHandler.validUtf8("/api/terms/search?q=heart+attack")).isTrue();
        assertThat(RequestLimitsHandler.validUtf8("/api/terms/search?q=%C3%A9sophage%20%E2%82%AC")).isTrue();
        assertThat(RequestLimitsHandler.validUtf8("/api/terms/search?q=%F0%9F%98%80")).isTrue();
    }

    @Test
    void should_refuse_invalid_bytes_and_broken_escapes() {
        assertThat(RequestLimitsHandler.validUtf8("/api/terms/search?q=%FF%FE")).isFalse();
        assertThat(RequestLimitsHandler.validUtf8("/api/terms/search?q=%C3%28")).isFalse();
        assertThat(RequestLimitsHandler.validUtf8("/api/terms/search?q=%ED%A0%80")).as("a UTF-16 surrogate").isFalse();
        assertThat(RequestLimitsHandler.validUtf8("/api/terms/search?q=%C0%AF")).as("an overlong slash").isFalse();
        assertThat(RequestLimitsHandler.validUtf8("/api/terms/search?q=%E2%82")).as("a truncated sequence").isFalse();
        assertThat(RequestLimitsHandler.validUtf8("/api/terms/search?q=%G1")).isFalse();
        assertThat(RequestLimitsHandler.validUtf8("/pid/abc%")).isFalse();
    }
}
