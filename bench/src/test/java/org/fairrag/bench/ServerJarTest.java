package org.fairrag.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.jar.JarFile;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.fairrag.app.Fairrag;
import org.junit.jupiter.api.Test;

/**
 * The benchmarks stay out of the server: what the server puts on this module's class path (its shaded jar when
 * Maven packaged it first, as {@code mvn verify} does; its classes directory under {@code mvn test}) hold no
 * class of the {@code bench} package, no class named like a class of this module, and no {@code *Bench}.
 */
class ServerJarTest {

    @Test
    void should_keep_every_benchmark_out_of_the_server() throws Exception {
        Path serverLocation = codeSource(Fairrag.class);
        List<String> server = classNames(serverLocation);
        Set<String> benchSimpleNames = classNames(codeSource(BenchCommand.class)).stream()
                .map(ServerJarTest::simpleName).collect(Collectors.toSet());

        List<String> benchmarksInServer = server.stream().filter(name -> name.startsWith("org/fairrag/"))
                .filter(name -> name.startsWith("org/fairrag/bench/") || simpleName(name).endsWith("Bench")
                        || benchSimpleNames.contains(simpleName(name)))
                .toList();

        assertThat(server).as("the server's classes").contains("org/fairrag/app/Fairrag.class");
        assertThat(benchSimpleNames).as("this module's classes").contains("BenchCommand", "SearchBench", "DerivedArticles");
        assertThat(benchmarksInServer).as("benchmarks in %s", serverLocation).isEmpty();
    }

    private static Path codeSource(Class<?> c) throws URISyntaxException {
        return Path.of(c.getProtectionDomain().getCodeSource().getLocation().toURI());
    }

    /** {@code org/fairrag/app/Fairrag.class} for each class of a jar or a classes directory. */
    private static List<String> classNames(Path location) throws IOException {
        if (Files.isDirectory(location)) {
            try (Stream<Path> files = Files.walk(location)) {
                return files.filter(p -> p.toString().endsWith(".class"))
                        .map(p -> location.relativize(p).toString().replace('\\', '/')).toList();
            }
        }
        try (JarFile jar = new JarFile(location.toFile())) {
            return jar.stream().map(e -> e.getName()).filter(n -> n.endsWith(".class")).toList();
        }
    }

    /** {@code org/fairrag/app/SearchBench$Wrk.class} → {@code SearchBench}. */
    private static String simpleName(String classFile) {
        String name = classFile.substring(classFile.lastIndexOf('/') + 1, classFile.length() - ".class".length());
        int nested = name.indexOf('$');
        return nested < 0 ? name : name.substring(0, nested);
    }
}
