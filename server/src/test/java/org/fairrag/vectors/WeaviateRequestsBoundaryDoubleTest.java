package org.fairrag.vectors;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.google.protobuf.ByteString;
import com.google.protobuf.Descriptors;
import com.google.protobuf.Message;
import com.google.protobuf.Value;
import io.vertx.core.json.JsonObject;
import io.weaviate.client6.v1.internal.grpc.protocol.WeaviateProtoAggregate.AggregateRequest;
import io.weaviate.client6.v1.internal.grpc.protocol.WeaviateProtoBase.Filters;
import io.weaviate.client6.v1.internal.grpc.protocol.WeaviateProtoBase.Vectors;
import io.weaviate.client6.v1.internal.grpc.protocol.WeaviateProtoBatch.BatchObject;
import io.weaviate.client6.v1.internal.grpc.protocol.WeaviateProtoBaseSearch.NearVector;
import io.weaviate.client6.v1.internal.grpc.protocol.WeaviateProtoBatch.BatchObjectsReply;
import io.weaviate.client6.v1.internal.grpc.protocol.WeaviateProtoBatch.BatchObjectsRequest;
import io.weaviate.client6.v1.internal.grpc.protocol.WeaviateProtoBatchDelete.BatchDeleteRequest;
import io.weaviate.client6.v1.internal.grpc.protocol.WeaviateProtoSearchGet.SearchRequest;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;
import java.util.UUID;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.fairrag.vectors.WeaviateBoundaryDouble.RestCall;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * What {@link WeaviateVectorIndex} sends to Weaviate, recorded by a boundary double ({@link WeaviateBoundaryDouble}:
 * no Weaviate server can run here) and checked against Weaviate's published API as of 1.33, the oldest
 * server fairrag supports: the REST paths and the collection definition of its OpenAPI document
 * ({@code openapi-specs/schema.json}) and the limits the server puts on names; the gRPC service and
 * messages of its {@code v1/*.proto} files (shipped in the client jar, from which the double's service is
 * generated) and how the server reads them (vectors as little-endian float32, integers as whole numbers).
 * Beyond single requests it checks that they agree with each other: every property written, filtered,
 * searched or returned is one the collection declares, with a matching type and index. What the server
 * then does with them (ranking, filter semantics, distances) only {@link WeaviateVectorIndexTest} can check.
 */
class WeaviateRequestsBoundaryDoubleTest {

    private static final String PREFIX = "FairragDouble";
    private static final String ARTICLE = PREFIX + "Article";
    private static final String CHUNK = PREFIX + "Chunk";
    private static final String TERM = PREFIX + "Term";
    private static final int DIMENSION = 384;
    private static final String MODEL = "all-minilm-l6-v2";

    // Names of the Weaviate gRPC service's methods (package weaviate.v1, service Weaviate).
    private static final String SEARCH = "weaviate.v1.Weaviate/Search";
    private static final String BATCH_OBJECTS = "weaviate.v1.Weaviate/BatchObjects";
    private static final String BATCH_DELETE = "weaviate.v1.Weaviate/BatchDelete";
    private static final String AGGREGATE = "weaviate.v1.Weaviate/Aggregate";

    // What Weaviate 1.33 accepts as names of collections and properties (entities/schema/validation.go).
    private static final Pattern COLLECTION_NAME = Pattern.compile("[A-Z][_0-9A-Za-z]{0,254}");
    private static final Pattern PROPERTY_NAME = Pattern.compile("[_A-Za-z][_0-9A-Za-z]{0,230}");
    // The fields the OpenAPI document (1.33) defines for a collection ("Class"), a property and a named vector.
    private static final Set<String> COLLECTION_FIELDS = Set.of("class", "description", "invertedIndexConfig",
            "moduleConfig", "multiTenancyConfig", "properties", "replicationConfig", "shardingConfig", "vectorConfig",
            "vectorIndexConfig", "vectorIndexType", "vectorizer");
    private static final Set<String> PROPERTY_FIELDS = Set.of("dataType", "description", "indexFilterable",
            "indexInverted", "indexRangeFilters", "indexSearchable", "moduleConfig", "name", "nestedProperties",
            "tokenization");
    private static final Set<String> VECTOR_CONFIG_FIELDS = Set.of("vectorIndexConfig", "vectorIndexType", "vectorizer");
    private static final Set<String> TOKENIZATIONS = Set.of("word", "lowercase", "whitespace", "field", "trigram", "gse",
            "kagome_kr", "kagome_ja", "gse_ch");

    // Request fields of the client's protocol files that Weaviate 1.33's do not have.
    private static final Set<String> FIELDS_AFTER_1_33 = Set.of("weaviate.v1.SearchRequest.boost",
            "weaviate.v1.MetadataRequest.query_profile", "weaviate.v1.NearVector.selection",
            "weaviate.v1.Hybrid.selection", "weaviate.v1.Hybrid.alpha_param", "weaviate.v1.Hybrid.use_alpha_param");

    private WeaviateBoundaryDouble weaviate;
    private WeaviateVectorIndex index;

    @BeforeEach
    void startDouble() {
        weaviate = new WeaviateBoundaryDouble();
    }

    @AfterEach
    void stop() {
        if (index != null) {
            index.close();
        }
        weaviate.close();
    }

    /** The index under test, connected to the double on first use. */
    private WeaviateVectorIndex index() {
        if (index == null) {
            index = WeaviateVectorIndex.connect(weaviate.restUrl(), weaviate.grpcPort(), Optional.empty(), PREFIX, MODEL,
                    DIMENSION);
        }
        return index;
    }

    @Test
    void should_look_up_then_create_each_missing_collection_through_the_schema_endpoints() {
        index();

        // The client asks for the version, then the index to check it.
        assertThat(calls()).containsExactly(
                "GET /v1/.well-known/live", "GET /v1/meta", "GET /v1/meta",
                "GET /v1/schema/" + ARTICLE, "POST /v1/schema",
                "GET /v1/schema/" + CHUNK, "POST /v1/schema",
                "GET /v1/schema/" + TERM, "POST /v1/schema");
        assertThat(created()).extracting(c -> c.getString("class")).containsExactly(ARTICLE, CHUNK, TERM)
                .allSatisfy(name -> assertThat(name).matches(COLLECTION_NAME));
    }

    @Test
    void should_refuse_a_weaviate_older_than_1_33_before_touching_its_collections() {
        // Weaviate 1.32's protocol has no CONTAINS_NONE filter operator (it came in 1.33), and the server
        // answers an unknown operator with an error: every search with excluded terms would fail.
        weaviate.version("1.32.2");

        assertThatThrownBy(this::index).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("1.32.2").hasMessageContaining("1.33");
        assertThat(calls()).isNotEmpty().noneMatch(c -> c.contains("/v1/schema"));

        weaviate.version("1.33.0");
        index();
        assertThat(created()).hasSize(3);
    }

    @Test
    void should_define_every_collection_with_fields_and_types_of_the_published_schema() {
        index();

        for (JsonObject collection : created()) {
            assertThat(COLLECTION_FIELDS).as("fields of %s", collection.getString("class"))
                    .containsAll(collection.fieldNames());
            assertThat(collection.getString("description")).contains(MODEL).contains(DIMENSION + " dimensions");
            for (JsonObject p : properties(collection)) {
                assertThat(PROPERTY_FIELDS).as("fields of property %s", p.getString("name")).containsAll(p.fieldNames());
                assertThat(p.getString("name")).matches(PROPERTY_NAME);
                if (p.containsKey("tokenization")) {
                    assertThat(TOKENIZATIONS).contains(p.getString("tokenization"));
                }
            }
        }
        assertThat(dataTypes(created(ARTICLE))).isEqualTo(Map.of("pid", "text", "pmid", "text", "title", "text",
                "journal", "text", "year", "int", "access", "text", "terms", "text[]", "checksum", "text"));
        assertThat(dataTypes(created(CHUNK))).isEqualTo(Map.of("owner", "text", "ordinal", "int", "text", "text",
                "year", "int", "access", "text", "terms", "text[]"));
        assertThat(dataTypes(created(TERM))).isEqualTo(Map.of("termId", "text", "name", "text", "checksum", "text"));
        // Identifiers and MeSH ids are matched whole, not word by word.
        for (String keyword : List.of("pid", "pmid", "access", "terms")) {
            assertThat(property(created(ARTICLE), keyword).getString("tokenization")).isEqualTo("field");
        }
        for (String keyword : List.of("owner", "access", "terms")) {
            assertThat(property(created(CHUNK), keyword).getString("tokenization")).isEqualTo("field");
        }
        assertThat(property(created(TERM), "termId").getString("tokenization")).isEqualTo("field");
    }

    @Test
    void should_bring_its_own_vectors_to_an_hnsw_index_with_dot_product_distance() {
        index();

        for (String name : List.of(CHUNK, TERM)) {
            JsonObject vectors = created(name).getJsonObject("vectorConfig");
            assertThat(vectors.fieldNames()).as(name).hasSize(1);
            JsonObject vector = vectors.getJsonObject(vectors.fieldNames().iterator().next());
            assertThat(VECTOR_CONFIG_FIELDS).containsAll(vector.fieldNames());
            assertThat(vector.getJsonObject("vectorizer").fieldNames()).as(name).containsExactly("none");
            assertThat(vector.getString("vectorIndexType")).isEqualTo("hnsw");
            assertThat(vector.getJsonObject("vectorIndexConfig").getString("distance")).isEqualTo("dot");
        }
    }

    @Test
    void should_leave_no_collection_to_the_servers_default_vectorizer() {
        index();

        // A collection naming no vectorizer gets the server's DEFAULT_VECTORIZER_MODULE, which may be a module
        // that embeds every object inserted (and fails without its API key).
        for (JsonObject collection : created()) {
            String name = collection.getString("class");
            if (!"none".equals(collection.getString("vectorizer"))) {
                JsonObject vectors = collection.getJsonObject("vectorConfig", new JsonObject());
                assertThat(vectors.fieldNames()).as("named vectors of %s", name).isNotEmpty();
                vectors.fieldNames().forEach(v -> assertThat(vectors.getJsonObject(v).getJsonObject("vectorizer")
                        .fieldNames()).as("vectorizer of %s.%s", name, v).containsExactly("none"));
            }
        }
    }

    @Test
    void should_keep_collections_made_for_the_same_model_and_make_again_one_made_for_another() {
        index().close();
        index = null;
        weaviate.forget();

        index();

        assertThat(calls()).containsExactly("GET /v1/.well-known/live", "GET /v1/meta", "GET /v1/meta", "GET /v1/schema/" + ARTICLE,
                "GET /v1/schema/" + CHUNK, "GET /v1/schema/" + TERM);

        index.close();
        index = null;
        weaviate.hasCollection(new JsonObject().put("class", CHUNK)
                .put("description", "fairrag article chunks (embedding model other-model, 768 dimensions)"));
        weaviate.forget();

        index();

        assertThat(calls()).containsExactly("GET /v1/.well-known/live", "GET /v1/meta", "GET /v1/meta", "GET /v1/schema/" + ARTICLE,
                "GET /v1/schema/" + CHUNK, "DELETE /v1/schema/" + CHUNK, "POST /v1/schema", "GET /v1/schema/" + TERM);
        assertThat(created()).extracting(c -> c.getString("class")).containsExactly(CHUNK);
    }

    @Test
    void should_insert_objects_with_a_uuid_declared_properties_and_the_chunk_vectors() {
        index();
        JsonObject articleSchema = created(ARTICLE);
        JsonObject chunkSchema = created(CHUNK);
        List<IndexedArticle> articles = List.of(article("pid-1", 2004, List.of("D1", "D2"), 3),
                article("pid-2", null, List.of(), 2));

        index().upsertArticles(articles);

        List<BatchObject> objects = weaviate.grpcRequests(BATCH_OBJECTS, BatchObjectsRequest.class).stream()
                .flatMap(r -> r.getObjectsList().stream()).toList();
        List<BatchObject> articleObjects = objects.stream().filter(o -> o.getCollection().equals(ARTICLE)).toList();
        List<BatchObject> chunkObjects = objects.stream().filter(o -> o.getCollection().equals(CHUNK)).toList();
        assertThat(objects).hasSize(2 + 5);
        assertThat(articleObjects).hasSize(2);
        assertThat(objects).allSatisfy(o -> {
            assertThat(UUID.fromString(o.getUuid()).toString()).isEqualTo(o.getUuid());
            assertThat(o.getTenant()).isEmpty();
        });
        assertThat(objects).extracting(BatchObject::getUuid).doesNotHaveDuplicates();
        articleObjects.forEach(o -> assertDeclared(articleSchema, o));
        chunkObjects.forEach(o -> assertDeclared(chunkSchema, o));
        assertThat(articleObjects).allSatisfy(o -> assertThat(o.getVectorsList()).isEmpty());

        String vectorName = created(CHUNK).getJsonObject("vectorConfig").fieldNames().iterator().next();
        for (BatchObject o : chunkObjects) {
            Map<String, Value> props = o.getProperties().getNonRefProperties().getFieldsMap();
            IndexedArticle a = articles.stream().filter(x -> x.pid().equals(props.get("owner").getStringValue()))
                    .findFirst().orElseThrow();
            int ordinal = (int) props.get("ordinal").getNumberValue();
            assertThat(props.get("text").getStringValue()).isEqualTo(a.chunks().get(ordinal).text());
            assertThat(o.getVectorsList()).singleElement().satisfies(v -> {
                assertThat(v.getName()).isEqualTo(vectorName);
                assertThat(v.getType()).isEqualTo(Vectors.VectorType.VECTOR_TYPE_SINGLE_FP32);
                assertThat(floats(v.getVectorBytes())).hasSize(DIMENSION).containsExactly(a.chunks().get(ordinal).vector());
            });
            assertThat(o.getVectorList()).as("the deprecated unnamed vector").isEmpty();
            assertThat(o.getVectorBytes().isEmpty()).as("the unnamed vector's bytes").isTrue();
        }
        Map<String, Value> first = articleObjects.stream()
                .filter(o -> o.getProperties().getNonRefProperties().getFieldsMap().get("pid").getStringValue().equals("pid-1"))
                .findFirst().orElseThrow().getProperties().getNonRefProperties().getFieldsMap();
        assertThat(first.get("terms").getListValue().getValuesList()).extracting(Value::getStringValue)
                .containsExactly("D1", "D2");
        assertThat(first.get("year").getNumberValue()).isEqualTo(2004.0);

        List<String> uuids = objects.stream().map(BatchObject::getUuid).toList();
        weaviate.forget();
        index().upsertArticles(articles);
        assertThat(weaviate.grpcRequests(BATCH_OBJECTS, BatchObjectsRequest.class).stream()
                .flatMap(r -> r.getObjectsList().stream()).map(BatchObject::getUuid))
                .as("a re-import overwrites the same objects").containsExactlyElementsOf(uuids);
    }

    @Test
    void should_delete_the_objects_of_replaced_articles_by_a_filter_on_their_pid() {
        index().upsertArticles(List.of(article("pid-1", 2004, List.of("D1"), 1)));

        List<BatchDeleteRequest> deletes = weaviate.grpcRequests(BATCH_DELETE, BatchDeleteRequest.class);
        assertThat(deletes).extracting(BatchDeleteRequest::getCollection).containsExactlyInAnyOrder(ARTICLE, CHUNK);
        assertThat(deletes).allSatisfy(d -> assertThat(d.getDryRun()).isFalse());
        assertThat(deletes.stream().filter(d -> d.getCollection().equals(CHUNK)).findFirst().orElseThrow().getFilters())
                .satisfies(f -> assertThat(describe(f)).isEqualTo("CONTAINS_ANY owner [pid-1]"));
        assertThat(deletes.stream().filter(d -> d.getCollection().equals(ARTICLE)).findFirst().orElseThrow().getFilters())
                .satisfies(f -> assertThat(describe(f)).isEqualTo("CONTAINS_ANY pid [pid-1]"));
        List<String> order = weaviate.grpcCalls().stream().map(WeaviateBoundaryDouble.GrpcCall::method).toList();
        assertThat(order.lastIndexOf(BATCH_DELETE)).as("deletes come before the inserts").isLessThan(order.indexOf(BATCH_OBJECTS));
        deletes.forEach(d -> assertFilterOnDeclared(created(d.getCollection()), d.getFilters()));
    }

    @Test
    void should_search_near_the_query_vector_inside_the_access_term_and_year_filter() {
        index();
        float[] query = unit(new Random(7));
        ArticleFilter filter = new ArticleFilter(List.of(Set.of("D1", "D2"), Set.of("D3")), Set.of("D4"), 2000, 2010,
                Set.of("public", "restricted"));

        assertThat(index().nearestChunks(query, 5, filter)).isEmpty();

        SearchRequest search = single(weaviate.grpcRequests(SEARCH, SearchRequest.class));
        assertThat(search.getCollection()).isEqualTo(CHUNK);
        assertThat(search.hasNearVector()).isTrue();
        NearVector near = search.getNearVector();
        assertThat(near.getVectorsList()).singleElement().satisfies(v -> {
            assertThat(v.getType()).isEqualTo(Vectors.VectorType.VECTOR_TYPE_SINGLE_FP32);
            assertThat(floats(v.getVectorBytes())).hasSize(DIMENSION).containsExactly(query);
        });
        // Without a target vector the server searches the collection's only named vector.
        assertThat(near.getTargets().getTargetVectorsList()).isEmpty();
        assertThat(created(CHUNK).getJsonObject("vectorConfig").fieldNames()).hasSize(1);
        assertThat(near.hasDistance() || near.hasCertainty()).as("no similarity threshold").isFalse();
        assertThat(search.getLimit()).isBetween(5, 10_000);
        assertThat(search.getMetadata().getDistance()).isTrue();
        assertThat(search.getProperties().getNonRefPropertiesList()).containsExactlyInAnyOrder("owner", "ordinal", "text");
        assertThat(describe(search.getFilters())).isEqualTo("AND(CONTAINS_ANY access [public, restricted], "
                + "CONTAINS_ANY terms [D1, D2], CONTAINS_ANY terms [D3], CONTAINS_NONE terms [D4], "
                + "GREATER_THAN_EQUAL year 2000, LESS_THAN_EQUAL year 2010)");
        assertFilterOnDeclared(created(CHUNK), search.getFilters());
        assertReturnsDeclared(created(CHUNK), search);
    }

    @Test
    void should_search_the_chunk_text_by_bm25_inside_the_filter() {
        index();

        index().matchingChunks("myocardial infarction", 3, ArticleFilter.publicArticles());

        SearchRequest search = single(weaviate.grpcRequests(SEARCH, SearchRequest.class));
        assertThat(search.getCollection()).isEqualTo(CHUNK);
        assertThat(search.hasBm25Search()).isTrue();
        assertThat(search.hasNearVector()).isFalse();
        assertThat(search.getBm25Search().getQuery()).isEqualTo("myocardial infarction");
        assertThat(search.getBm25Search().getPropertiesList()).containsExactly("text");
        assertThat(property(created(CHUNK), "text").getBoolean("indexSearchable", true)).isTrue();
        assertThat(search.getMetadata().getScore()).isTrue();
        assertThat(describe(search.getFilters())).isEqualTo("AND(CONTAINS_ANY access [public])");
        assertFilterOnDeclared(created(CHUNK), search.getFilters());
        assertReturnsDeclared(created(CHUNK), search);
    }

    @Test
    void should_count_articles_by_aggregating_with_the_filter() {
        weaviate.countObjects(7);

        assertThat(index().articleCount()).isEqualTo(7);
        assertThat(index().countArticles(new ArticleFilter(List.of(Set.of("D1")), Set.of(), 2001, null, Set.of("public"))))
                .isEqualTo(7);

        List<AggregateRequest> aggregations = weaviate.grpcRequests(AGGREGATE, AggregateRequest.class);
        assertThat(aggregations).hasSize(2).allSatisfy(a -> {
            assertThat(a.getCollection()).isEqualTo(ARTICLE);
            assertThat(a.getObjectsCount()).isTrue();
        });
        assertThat(aggregations.get(0).hasFilters()).isFalse();
        assertThat(describe(aggregations.get(1).getFilters()))
                .isEqualTo("AND(CONTAINS_ANY access [public], CONTAINS_ANY terms [D1], GREATER_THAN_EQUAL year 2001)");
        assertFilterOnDeclared(created(ARTICLE), aggregations.get(1).getFilters());
    }

    @Test
    void should_read_articles_and_chunks_by_a_filter_on_declared_properties() {
        index();

        index().articleChecksums(List.of("pid-1", "pid-2"));
        index().articles(List.of("pid-1"));
        index().chunks("pid-1");
        index().articlePids();

        List<SearchRequest> searches = weaviate.grpcRequests(SEARCH, SearchRequest.class);
        assertThat(searches).extracting(SearchRequest::getCollection).containsExactly(ARTICLE, ARTICLE, CHUNK, ARTICLE);
        assertThat(describe(searches.get(0).getFilters())).isEqualTo("CONTAINS_ANY pid [pid-1, pid-2]");
        assertThat(searches.get(0).getLimit()).isEqualTo(2);
        assertThat(describe(searches.get(1).getFilters())).isEqualTo("CONTAINS_ANY pid [pid-1]");
        assertThat(describe(searches.get(2).getFilters())).isEqualTo("EQUAL owner pid-1");
        assertThat(searches.get(2).getMetadata().getVector()).as("the chunk vectors come back").isTrue();
        // The server pages by the object id only when nothing else narrows or orders the search.
        assertThat(searches.get(3).hasFilters()).isFalse();
        assertThat(searches.get(3).getSortByList()).isEmpty();
        assertThat(searches.get(3).getLimit()).isBetween(1, 10_000);
        for (SearchRequest s : searches) {
            JsonObject collection = created(s.getCollection());
            if (s.hasFilters()) {
                assertFilterOnDeclared(collection, s.getFilters());
            }
            assertReturnsDeclared(collection, s);
        }
    }

    @Test
    void should_read_more_articles_than_one_search_returns_in_several_searches() {
        index();
        List<String> pids = IntStream.range(0, 10_001).mapToObj(i -> "pid-" + i).toList();

        index().articles(pids);
        index().articleChecksums(pids);

        // The server caps what one search returns at QUERY_MAXIMUM_RESULTS (10,000 unless configured),
        // silently: a larger limit would leave articles out.
        List<SearchRequest> searches = weaviate.grpcRequests(SEARCH, SearchRequest.class);
        assertThat(searches).allSatisfy(s -> {
            assertThat(s.getCollection()).isEqualTo(ARTICLE);
            assertThat(s.getFilters().getOperator()).isEqualTo(Filters.Operator.OPERATOR_CONTAINS_ANY);
            assertThat(s.getFilters().getTarget().getProperty()).isEqualTo("pid");
            assertThat(s.getLimit()).isLessThanOrEqualTo(10_000)
                    .isGreaterThanOrEqualTo(s.getFilters().getValueTextArray().getValuesCount());
        });
        Map<String, Long> asked = searches.stream().flatMap(s -> s.getFilters().getValueTextArray().getValuesList().stream())
                .collect(Collectors.groupingBy(p -> p, Collectors.counting()));
        assertThat(asked).hasSize(pids.size()).allSatisfy((pid, times) -> assertThat(times).as(pid).isEqualTo(2));
    }

    @Test
    void should_keep_term_names_with_their_vectors_and_search_them_without_a_filter() {
        index();
        float[] heart = unit(new Random(1));

        index().upsertTerms(List.of(new IndexedTerm("D009203", "sha256:t",
                List.of(new IndexedTerm.Name("Myocardial Infarction", heart), new IndexedTerm.Name("Heart Attack", unit(new Random(2)))))));
        index().nearestTerms(heart, 4);

        assertThat(describe(single(weaviate.grpcRequests(BATCH_DELETE, BatchDeleteRequest.class)).getFilters()))
                .isEqualTo("CONTAINS_ANY termId [D009203]");
        List<BatchObject> objects = single(weaviate.grpcRequests(BATCH_OBJECTS, BatchObjectsRequest.class)).getObjectsList();
        assertThat(objects).hasSize(2).allSatisfy(o -> {
            assertThat(o.getCollection()).isEqualTo(TERM);
            assertDeclared(created(TERM), o);
            assertThat(o.getVectorsList()).singleElement().satisfies(v -> assertThat(floats(v.getVectorBytes())).hasSize(DIMENSION));
        });
        assertThat(floats(objects.get(0).getVectors(0).getVectorBytes())).containsExactly(heart);
        SearchRequest search = single(weaviate.grpcRequests(SEARCH, SearchRequest.class));
        assertThat(search.getCollection()).isEqualTo(TERM);
        assertThat(search.hasFilters()).isFalse();
        assertThat(search.getLimit()).isEqualTo(4);
        assertThat(floats(search.getNearVector().getVectors(0).getVectorBytes())).containsExactly(heart);
        assertReturnsDeclared(created(TERM), search);
    }

    @Test
    void should_call_only_methods_and_set_only_fields_that_weaviate_1_33_knows() {
        index().upsertArticles(List.of(article("pid-1", 2004, List.of("D1"), 2)));
        index().upsertTerms(List.of(new IndexedTerm("D1", "sha256:t", List.of(new IndexedTerm.Name("Name", unit(new Random(4)))))));
        ArticleFilter filter = new ArticleFilter(List.of(Set.of("D1")), Set.of("D2"), 2000, 2010, Set.of("public"));
        index().nearestChunks(unit(new Random(5)), 3, filter);
        index().matchingChunks("words", 3, filter);
        index().nearestTerms(unit(new Random(6)), 3);
        index().countArticles(filter);
        index().articleCount();
        index().articles(List.of("pid-1"));
        index().articleChecksums(List.of("pid-1"));
        index().chunks("pid-1");
        index().articlePids();
        index().termChecksums();
        index().deleteArticles(List.of("pid-1"));
        index().deleteTerms(List.of("D1"));

        assertThat(weaviate.grpcCalls()).extracting(WeaviateBoundaryDouble.GrpcCall::method).containsOnly(SEARCH,
                BATCH_OBJECTS, BATCH_DELETE, AGGREGATE);
        Set<String> fields = weaviate.grpcCalls().stream().flatMap(c -> fieldsSet(c.request()).stream())
                .collect(Collectors.toCollection(TreeSet::new));
        assertThat(fields).contains("weaviate.v1.NearVector.vectors", "weaviate.v1.BM25.query",
                "weaviate.v1.BatchObject.vectors", "weaviate.v1.AggregateRequest.objects_count");
        // A server ignores fields it does not know: a search would silently lose what they ask for.
        assertThat(fields).doesNotContainAnyElementsOf(FIELDS_AFTER_1_33);
    }

    @Test
    void should_send_the_api_key_as_a_bearer_token_over_rest_and_grpc() {
        index = WeaviateVectorIndex.connect(weaviate.restUrl(), weaviate.grpcPort(), Optional.of("s3cret"), PREFIX, MODEL,
                DIMENSION);

        index.nearestChunks(unit(new Random(3)), 1, ArticleFilter.publicArticles());

        assertThat(weaviate.restCalls()).filteredOn(c -> c.path().startsWith("/v1/schema"))
                .isNotEmpty().allSatisfy(c -> assertThat(c.authorization()).isEqualTo("Bearer s3cret"));
        assertThat(weaviate.grpcCalls()).isNotEmpty()
                .allSatisfy(c -> assertThat(c.authorization()).isEqualTo("Bearer s3cret"));
    }

    @Test
    void should_fail_with_the_reason_when_weaviate_refuses_objects_of_a_batch() {
        index();
        weaviate.answerBatchesWith(BatchObjectsReply.newBuilder()
                .addErrors(BatchObjectsReply.BatchError.newBuilder().setIndex(1).setError("no such property 'pmid'")).build());

        assertThatThrownBy(() -> index().upsertArticles(List.of(article("pid-1", 2004, List.of(), 1),
                article("pid-2", 2005, List.of(), 1))))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("no such property 'pmid'");
    }

    private static String withoutTrailingSlash(String path) {
        return path.endsWith("/") ? path.substring(0, path.length() - 1) : path;
    }

    /**
     * The REST calls received, as method and path, a trailing slash left out: the client posts to
     * {@code /v1/schema/}, which Weaviate's router (go-openapi, cleaning paths before matching) takes as {@code /v1/schema}.
     */
    private List<String> calls() {
        return weaviate.restCalls().stream().map(c -> c.method() + " " + withoutTrailingSlash(c.path())).toList();
    }

    private static <T> T single(List<T> items) {
        assertThat(items).hasSize(1);
        return items.get(0);
    }

    private List<JsonObject> created() {
        return weaviate.restCalls().stream().filter(c -> c.method().equals("POST")).map(RestCall::body).toList();
    }

    private JsonObject created(String name) {
        return created().stream().filter(c -> c.getString("class").equals(name)).findFirst().orElseThrow();
    }

    private static List<JsonObject> properties(JsonObject collection) {
        return collection.getJsonArray("properties").stream().map(JsonObject.class::cast).toList();
    }

    private static JsonObject property(JsonObject collection, String name) {
        return properties(collection).stream().filter(p -> p.getString("name").equals(name)).findFirst()
                .orElseThrow(() -> new AssertionError(collection.getString("class") + " declares no property " + name));
    }

    private static Map<String, String> dataTypes(JsonObject collection) {
        return properties(collection).stream().collect(Collectors.toMap(p -> p.getString("name"), p -> {
            assertThat(p.getJsonArray("dataType")).hasSize(1);
            return p.getJsonArray("dataType").getString(0);
        }));
    }

    /** Every property of the object is declared by the collection and has a value of the declared type. */
    private static void assertDeclared(JsonObject collection, BatchObject o) {
        Map<String, String> types = dataTypes(collection);
        o.getProperties().getNonRefProperties().getFieldsMap().forEach((name, value) -> {
            assertThat(types).as("%s declares %s", collection.getString("class"), name).containsKey(name);
            switch (types.get(name)) {
                case "text" -> assertThat(value.hasStringValue()).as(name).isTrue();
                case "int" -> assertThat(value.getNumberValue()).as("%s is a whole number", name)
                        .isEqualTo(Math.rint(value.getNumberValue()));
                case "text[]" -> assertThat(value.getListValue().getValuesList()).as(name)
                        .allSatisfy(v -> assertThat(v.hasStringValue()).isTrue());
                default -> throw new AssertionError("unexpected type " + types.get(name));
            }
        });
        assertThat(o.getProperties().getTextArrayPropertiesList()).isEmpty();
    }

    /** Every property a search names to return is declared by its collection (naming none returns them all). */
    private static void assertReturnsDeclared(JsonObject collection, SearchRequest search) {
        assertThat(dataTypes(collection).keySet()).containsAll(search.getProperties().getNonRefPropertiesList());
    }

    /** Every property a filter tests is declared filterable, and its test value has the declared type. */
    private static void assertFilterOnDeclared(JsonObject collection, Filters f) {
        if (f.getFiltersCount() > 0) {
            f.getFiltersList().forEach(inner -> assertFilterOnDeclared(collection, inner));
            return;
        }
        assertThat(f.getOnList()).as("the deprecated 'on' path").isEmpty();
        String name = f.getTarget().getProperty();
        JsonObject p = property(collection, name);
        assertThat(p.getBoolean("indexFilterable", true)).as("%s is filterable", name).isTrue();
        String type = p.getJsonArray("dataType").getString(0);
        switch (f.getTestValueCase()) {
            case VALUE_TEXT, VALUE_TEXT_ARRAY -> assertThat(type).as(name).isIn("text", "text[]");
            case VALUE_INT, VALUE_INT_ARRAY -> assertThat(type).as(name).isIn("int", "int[]");
            default -> throw new AssertionError("unexpected test value " + f.getTestValueCase() + " on " + name);
        }
    }

    /** A filter as text: leaves as {@code OPERATOR property value}, text arrays sorted; AND/OR/NOT with their operands sorted. */
    static String describe(Filters f) {
        String op = f.getOperator().name().replace("OPERATOR_", "");
        if (f.getFiltersCount() > 0) {
            return op + f.getFiltersList().stream().map(WeaviateRequestsBoundaryDoubleTest::describe).sorted()
                    .collect(Collectors.joining(", ", "(", ")"));
        }
        String value = switch (f.getTestValueCase()) {
            case VALUE_TEXT -> f.getValueText();
            case VALUE_INT -> Long.toString(f.getValueInt());
            case VALUE_TEXT_ARRAY -> new TreeSet<>(f.getValueTextArray().getValuesList()).toString();
            default -> f.getTestValueCase().name();
        };
        return op + " " + f.getTarget().getProperty() + " " + value;
    }

    /** The full names of the fields set in a message and in the messages inside it. */
    private static Set<String> fieldsSet(Message message) {
        Set<String> out = new TreeSet<>();
        message.getAllFields().forEach((field, value) -> {
            out.add(field.getFullName());
            if (field.getJavaType() == Descriptors.FieldDescriptor.JavaType.MESSAGE) {
                (field.isRepeated() ? (List<?>) value : List.of(value)).forEach(v -> out.addAll(fieldsSet((Message) v)));
            }
        });
        return out;
    }

    static float[] floats(ByteString bytes) {
        ByteBuffer buffer = bytes.asReadOnlyByteBuffer().order(ByteOrder.LITTLE_ENDIAN);
        float[] out = new float[buffer.remaining() / Float.BYTES];
        buffer.asFloatBuffer().get(out);
        return out;
    }

    private static IndexedArticle article(String pid, Integer year, List<String> terms, int chunks) {
        Random random = new Random(pid.hashCode());
        List<IndexedChunk> out = new ArrayList<>();
        for (int i = 0; i < chunks; i++) {
            out.add(new IndexedChunk((i == 0 ? "Title of " + pid + ". " : "") + "Text " + i + " of " + pid, unit(random)));
        }
        return new IndexedArticle(new ArticleFields(pid, pid.replace("pid-", "1000"), "Title of " + pid,
                year == null ? null : "Journal", year, "public", terms), "sha256:" + pid, out);
    }

    private static float[] unit(Random random) {
        float[] v = new float[DIMENSION];
        double norm = 0;
        for (int i = 0; i < v.length; i++) {
            v[i] = (float) random.nextGaussian();
            norm += v[i] * v[i];
        }
        for (int i = 0; i < v.length; i++) {
            v[i] /= (float) Math.sqrt(norm);
        }
        return v;
    }
}
