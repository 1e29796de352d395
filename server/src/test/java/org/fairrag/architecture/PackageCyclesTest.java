package org.fairrag.architecture;

import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.core.domain.Dependency;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * The capabilities ({@code org.fairrag.<package>}, subpackages included) depend on each other without
 * cycles. The groups of packages that were tangled when this test was written are listed in
 * {@link #KNOWN_TANGLES} (debt, named in the README's "Architecture" section); the test fails when a new
 * group appears or a known one takes in another package, and asks for the list to shrink when one is
 * untangled. Dependencies come from the bytecode (ArchUnit's importer), not from import lines.
 */
class PackageCyclesTest {

    private static final Set<Set<String>> KNOWN_TANGLES = Set.of(
            Set.of("fdo", "store"),
            Set.of("ingest", "search", "terms", "vocab"));

    @Test
    void should_tangle_no_more_packages_than_the_known_debt() {
        Set<Set<String>> tangles = stronglyConnected(packageGraph());

        assertThat(tangles).as("groups of packages that depend on each other in a cycle").isEqualTo(KNOWN_TANGLES);
    }

    private static Map<String, Set<String>> packageGraph() {
        Map<String, Set<String>> graph = new TreeMap<>();
        for (JavaClass c : new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages("org.fairrag")) {
            String from = capability(c);
            if (from == null) {
                continue;
            }
            Set<String> targets = graph.computeIfAbsent(from, k -> new TreeSet<>());
            for (Dependency d : c.getDirectDependenciesFromSelf()) {
                String to = capability(d.getTargetClass());
                if (to != null && !to.equals(from)) {
                    targets.add(to);
                }
            }
        }
        return graph;
    }

    /** {@code org.fairrag.ingest.read.X} → {@code ingest}; null outside fairrag or at its root. */
    private static String capability(JavaClass c) {
        String name = c.getPackageName();
        if (!name.startsWith("org.fairrag.")) {
            return null;
        }
        String rest = name.substring("org.fairrag.".length());
        int dot = rest.indexOf('.');
        return dot < 0 ? rest : rest.substring(0, dot);
    }

    /** Tarjan's strongly connected components with more than one package. */
    private static Set<Set<String>> stronglyConnected(Map<String, Set<String>> graph) {
        Map<String, Integer> index = new HashMap<>();
        Map<String, Integer> low = new HashMap<>();
        Deque<String> stack = new ArrayDeque<>();
        Set<String> onStack = new HashSet<>();
        Set<Set<String>> out = new HashSet<>();
        int[] counter = {0};
        for (String v : graph.keySet()) {
            if (!index.containsKey(v)) {
                visit(v, graph, index, low, stack, onStack, out, counter);
            }
        }
        return out;
    }

    private static void visit(String v, Map<String, Set<String>> graph, Map<String, Integer> index, Map<String, Integer> low,
                              Deque<String> stack, Set<String> onStack, Set<Set<String>> out, int[] counter) {
        index.put(v, counter[0]);
        low.put(v, counter[0]++);
        stack.push(v);
        onStack.add(v);
        for (String w : graph.getOrDefault(v, Set.of())) {
            if (!index.containsKey(w)) {
                visit(w, graph, index, low, stack, onStack, out, counter);
                low.put(v, Math.min(low.get(v), low.get(w)));
            } else if (onStack.contains(w)) {
                low.put(v, Math.min(low.get(v), index.get(w)));
            }
        }
        if (low.get(v).equals(index.get(v))) {
            Set<String> component = new TreeSet<>();
            String w;
            do {
                w = stack.pop();
                onStack.remove(w);
                component.add(w);
            } while (!w.equals(v));
            if (component.size() > 1) {
                out.add(Set.copyOf(component));
            }
        }
    }

    @Test
    void should_find_a_cycle_it_is_shown() {
        Map<String, Set<String>> graph = Map.of("a", Set.of("b"), "b", Set.of("c"), "c", Set.of("a"), "d", Set.of("a"));

        assertThat(stronglyConnected(graph)).isEqualTo(Set.of(Set.of("a", "b", "c")));
        assertThat(stronglyConnected(Map.of("a", Set.of("b"), "b", Set.of()))).isEmpty();
    }
}
