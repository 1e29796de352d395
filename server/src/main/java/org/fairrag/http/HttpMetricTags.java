package org.fairrag.http;

import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.Tag;
import io.micrometer.core.instrument.config.MeterFilter;
import java.util.Set;

/**
 * Keeps the tags of the HTTP meters bounded whatever clients send. Vert.x tags a request's meters with its
 * method as sent, and any token is a method on the wire: each made-up one ({@code M12345}) would add its own
 * series to {@code /metrics}, without end. The standard methods keep their names, any other is {@link #OTHER}.
 * The other tags are bounded already: {@code route} names a route of this server (empty when none matched)
 * and {@code code} a status the server chose.
 */
public final class HttpMetricTags {

    public static final String OTHER = "OTHER";
    private static final String METHOD = "method";
    private static final Set<String> STANDARD = Set.of("GET", "HEAD", "POST", "PUT", "DELETE", "CONNECT", "OPTIONS",
            "TRACE", "PATCH");

    private HttpMetricTags() {}

    /** The filter to install on the registry before Vert.x registers its meters. */
    public static MeterFilter boundedMethods() {
        return new MeterFilter() {
            @Override
            public Meter.Id map(Meter.Id id) {
                String method = id.getTag(METHOD);
                if (method == null || STANDARD.contains(method) || !id.getName().startsWith("vertx.http")) {
                    return id;
                }
                return id.replaceTags(id.getTags().stream()
                        .map(t -> METHOD.equals(t.getKey()) ? Tag.of(METHOD, OTHER) : t).toList());
            }
        };
    }

    static boolean isStandard(String method) {
        return STANDARD.contains(method);
    }
}
