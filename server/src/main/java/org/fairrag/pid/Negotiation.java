package org.fairrag.pid;

import io.vertx.ext.web.MIMEHeader;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Proactive content negotiation (RFC 9110, 12.5.1) over an {@code Accept} header parsed by Vert.x: each
 * offered format gets the quality of the most specific media range that matches it; the best quality
 * above zero wins, ties going to the format offered first.
 */
public final class Negotiation {

    private Negotiation() {}

    /** The format to send, or empty when the client accepts none of {@code offered} (406). */
    public static Optional<MediaFormat> choose(List<MIMEHeader> accept, List<MediaFormat> offered) {
        if (accept.isEmpty()) {
            return Optional.of(offered.get(0));
        }
        MediaFormat best = null;
        float bestQuality = 0;
        for (MediaFormat format : offered) {
            float q = quality(accept, format);
            if (q > bestQuality) {
                best = format;
                bestQuality = q;
            }
        }
        return Optional.ofNullable(best);
    }

    private static float quality(List<MIMEHeader> accept, MediaFormat format) {
        int bestSpecificity = -1;
        float quality = 0;
        for (MIMEHeader range : accept) {
            String type = range.component().toLowerCase(Locale.ROOT);
            String subtype = range.subComponent().toLowerCase(Locale.ROOT);
            int specificity;
            if (type.equals("*") && subtype.equals("*")) {
                specificity = 0;
            } else if (subtype.equals("*") && format.mediaType().startsWith(type + "/")) {
                specificity = 1;
            } else if (format.answers(type + "/" + subtype)) {
                specificity = 2;
            } else {
                continue;
            }
            if (specificity > bestSpecificity) {
                bestSpecificity = specificity;
                quality = range.weight();
            }
        }
        return quality;
    }
}
