package org.fairrag.http;

import static org.assertj.core.api.Assertions.assertThat;

import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.parser.OpenAPIV3Parser;
import io.swagger.v3.parser.core.models.ParseOptions;
import io.swagger.v3.parser.core.models.SwaggerParseResult;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** The bundled {@code /openapi.yaml} read by a real OpenAPI 3 parser, as tools that generate clients read it. */
class OpenApiDocumentTest {

    @Test
    void should_be_a_valid_openapi_3_document_with_no_parser_messages() throws IOException {
        ParseOptions options = new ParseOptions();
        options.setResolve(true);
        SwaggerParseResult result = new OpenAPIV3Parser().readContents(bundled(), null, options);

        assertThat(result.getMessages()).as("messages of the OpenAPI parser").isEmpty();
        OpenAPI api = result.getOpenAPI();
        assertThat(api).isNotNull();
        assertThat(api.getOpenapi()).startsWith("3.");
        assertThat(api.getPaths()).containsKeys("/api/articles/search", "/sparql", "/pid/{id}");
        api.getPaths().forEach((path, item) -> item.readOperations().forEach(operation ->
                assertThat(operation.getResponses()).as("responses of an operation of %s", path).isNotEmpty()));
    }

    private static String bundled() throws IOException {
        try (InputStream in = OpenApiDocumentTest.class.getResourceAsStream(OpenApiDocument.RESOURCE)) {
            assertThat(in).as("the bundled OpenAPI document").isNotNull();
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }
}
