package org.fairrag.testing;

import com.tngtech.archunit.core.domain.JavaAccess;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.domain.JavaCodeUnit;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import java.util.ArrayDeque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;

/**
 * Which test classes use the shared instances of {@link TestFairrag}, read from the compiled test classes
 * with ArchUnit: a class needs the demo when any of its code, of its nested classes or of its superclasses
 * calls {@link TestFairrag#demo()} or one of its siblings, directly or through other methods (a fixture's
 * {@code get()}), and likewise for the MeSH instance.
 */
final class SharedInstanceUsers {

    /** What a test class needs built before it can run; the demo includes the MeSH template. */
    enum Need { NONE, MESH, DEMO }

    private static final Set<String> DEMO_METHODS = Set.of("demo", "demoPort", "demoRouter", "demoLoadTexts");
    private static final Set<String> MESH_METHODS = Set.of("mesh", "meshLoadTexts");

    private static SharedInstanceUsers read;

    private final JavaClasses classes;
    private final Set<String> demoUsers;
    private final Set<String> meshUsers;

    private SharedInstanceUsers(JavaClasses classes) {
        this.classes = classes;
        JavaClass testFairrag = classes.get(TestFairrag.class);
        this.demoUsers = topLevelClassesReaching(testFairrag, DEMO_METHODS);
        this.meshUsers = topLevelClassesReaching(testFairrag, MESH_METHODS);
    }

    /** The test classes on the class path (those of {@code org.fairrag} compiled from the test sources), read once. */
    static synchronized SharedInstanceUsers read() {
        if (read == null) {
            read = new SharedInstanceUsers(new ClassFileImporter()
                    .withImportOption(ImportOption.Predefined.ONLY_INCLUDE_TESTS)
                    .importPackages("org.fairrag"));
        }
        return read;
    }

    Need of(Class<?> testClass) {
        if (!classes.contain(testClass)) {
            return Need.NONE;
        }
        JavaClass c = classes.get(testClass);
        Need need = needOf(c);
        for (JavaClass superclass : c.getAllRawSuperclasses()) {
            Need inherited = needOf(superclass);
            if (inherited.compareTo(need) > 0) {
                need = inherited;
            }
        }
        return need;
    }

    private Need needOf(JavaClass c) {
        String name = topLevel(c).getName();
        return demoUsers.contains(name) ? Need.DEMO : meshUsers.contains(name) ? Need.MESH : Need.NONE;
    }

    /** The top-level classes with code that calls one of {@code methods} of {@code owner}, or calls code that does. */
    private static Set<String> topLevelClassesReaching(JavaClass owner, Set<String> methods) {
        Set<JavaCodeUnit> reaching = new HashSet<>();
        ArrayDeque<JavaCodeUnit> todo = new ArrayDeque<>();
        owner.getMethods().stream().filter(m -> methods.contains(m.getName())).forEach(m -> {
            reaching.add(m);
            todo.add(m);
        });
        while (!todo.isEmpty()) {
            for (JavaAccess<?> access : todo.poll().getAccessesToSelf()) {
                if (reaching.add(access.getOrigin())) {
                    todo.add(access.getOrigin());
                }
            }
        }
        Set<String> out = new HashSet<>();
        for (JavaCodeUnit unit : reaching) {
            JavaClass c = topLevel(unit.getOwner());
            if (!c.equals(owner)) {
                out.add(c.getName());
            }
        }
        return out;
    }

    private static JavaClass topLevel(JavaClass c) {
        JavaClass top = c;
        while (top.getEnclosingClass().isPresent()) {
            top = top.getEnclosingClass().get();
        }
        return top;
    }
}
