package org.fairrag.pid;

import io.pebbletemplates.pebble.PebbleEngine;
import io.pebbletemplates.pebble.loader.ClasspathLoader;
import io.pebbletemplates.pebble.template.PebbleTemplate;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.util.Map;

/**
 * Renders landing and error pages with Pebble templates from {@code fairrag/templates}. Pebble escapes
 * every value for HTML unless a template says otherwise; the only exception is the JSON-LD, which
 * {@link SchemaOrgJsonLd} has already written so that it cannot end its script element.
 */
public final class PageRenderer {

    private final PebbleTemplate landing;
    private final PebbleTemplate error;

    public PageRenderer() {
        ClasspathLoader loader = new ClasspathLoader();
        loader.setPrefix("fairrag/templates");
        loader.setSuffix(".peb");
        PebbleEngine engine = new PebbleEngine.Builder()
                .loader(loader)
                .autoEscaping(true)
                .defaultEscapingStrategy("html")
                .strictVariables(true)
                .build();
        this.landing = engine.getTemplate("landing");
        this.error = engine.getTemplate("error");
    }

    public String landing(LandingPage page) {
        return render(landing, Map.of("page", page));
    }

    public String error(ErrorPage page) {
        return render(error, Map.of("page", page));
    }

    private static String render(PebbleTemplate template, Map<String, Object> context) {
        StringWriter out = new StringWriter();
        try {
            template.evaluate(out, context);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toString();
    }
}
