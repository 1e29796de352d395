package org.fairrag.http;

import io.vertx.core.buffer.Buffer;
import io.vertx.ext.web.RoutingContext;
import java.io.IOException;
import java.io.InputStream;

/** Serves the OpenAPI 3 description of the JSON API, {@code /openapi.yaml}, from the jar. */
public final class OpenApiDocument {

    public static final String RESOURCE = "/fairrag/openapi.yaml";

    private final Buffer document;

    private OpenApiDocument(Buffer document) {
        this.document = document;
    }

    public static OpenApiDocument bundled() {
        try (InputStream in = OpenApiDocument.class.getResourceAsStream(RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException("Missing resource " + RESOURCE);
            }
            return new OpenApiDocument(Buffer.buffer(in.readAllBytes()));
        } catch (IOException e) {
            throw new IllegalStateException("Cannot read " + RESOURCE, e);
        }
    }

    public void handle(RoutingContext ctx) {
        ctx.response()
                .putHeader("Content-Type", "application/yaml; charset=utf-8")
                .putHeader("Cache-Control", "public, max-age=3600")
                .end(document);
    }
}
