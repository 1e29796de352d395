package org.fairrag.architecture;

import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.core.domain.AccessTarget;
import com.tngtech.archunit.core.domain.Dependency;
import com.tngtech.archunit.core.domain.JavaAccess;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.domain.JavaField;
import com.tngtech.archunit.core.domain.JavaFieldAccess;
import com.tngtech.archunit.core.domain.JavaMember;
import com.tngtech.archunit.core.domain.JavaModifier;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.fairrag.app.Fairrag;
import org.fairrag.app.FairragModule;
import org.fairrag.architecture.fixture.LeakyModule;
import org.junit.jupiter.api.Test;

/**
 * The instance is a composition of modules ({@link FairragModule}), read from the bytecode:
 * <ul>
 *   <li>{@link Fairrag} owns no domain logic: everything it calls or builds is in {@code org.fairrag.app} (the
 *       modules, the lifecycle, the configuration) or in the JDK and the logger, it reads no field but constants,
 *       and its fields are the lifecycle, the modules and their list;</li>
 *   <li>a module reaches another only through that module's public methods, never calls another module's
 *       lifecycle hooks (only the instance and the HTTP launcher call them), and never goes back to the instance
 *       or the launcher for what it depends on.</li>
 * </ul>
 */
class ModuleBoundariesTest {

    private static final Set<String> LIFECYCLE_HOOKS = Set.of("open", "settle", "addRoutes", "beforeServing", "serving");
    private static final Set<String> COMPOSERS = Set.of("org.fairrag.app.Fairrag", "org.fairrag.app.HttpServerLauncher",
            "org.fairrag.app.StartupSequence");

    private static final JavaClasses APP = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS).importPackages("org.fairrag.app");

    @Test
    void should_keep_domain_logic_out_of_the_instance() {
        assertThat(instanceViolations(APP.get(Fairrag.class))).isEmpty();
    }

    @Test
    void should_let_modules_use_each_other_through_public_methods_only() {
        assertThat(modules(APP)).as("the modules found").hasSizeGreaterThanOrEqualTo(8);
        assertThat(moduleViolations(APP)).isEmpty();
    }

    @Test
    void should_flag_a_module_that_reaches_into_another() {
        JavaClasses fixture = new ClassFileImporter().importPackagesOf(LeakyModule.class);

        assertThat(moduleViolations(fixture))
                .anySatisfy(v -> assertThat(v).contains("LeakyModule").contains("open"))
                .anySatisfy(v -> assertThat(v).contains("LeakyModule").contains("internal"))
                .anySatisfy(v -> assertThat(v).contains("LeakyModule").contains("Fairrag"));
    }

    @Test
    void should_flag_an_instance_that_does_domain_work() {
        assertThat(instanceViolations(new ClassFileImporter().importPackagesOf(LeakyModule.class)
                .get(LeakyModule.class.getName())))
                .anySatisfy(v -> assertThat(v).contains("org.fairrag.graph.Graphs"));
    }

    private static List<String> instanceViolations(JavaClass instance) {
        List<String> out = new ArrayList<>();
        for (JavaAccess<?> access : instance.getAccessesFromSelf()) {
            String owner = access.getTargetOwner().getName();
            if (access instanceof JavaFieldAccess read && read.getTarget().resolveMember()
                    .map(f -> f.getModifiers().contains(JavaModifier.STATIC) && f.getModifiers().contains(JavaModifier.FINAL))
                    .orElse(false)) {
                continue; // a constant, such as IngestProgress.NONE
            }
            if (!owner.startsWith("org.fairrag.app.") && !owner.startsWith("java.") && !owner.startsWith("org.slf4j.")) {
                out.add(access.getDescription());
            }
        }
        for (JavaField field : instance.getFields()) {
            JavaClass type = field.getRawType();
            boolean allowed = field.getModifiers().contains(JavaModifier.STATIC)
                    || type.isEquivalentTo(List.class) || type.getName().equals("org.fairrag.app.Lifecycle")
                    || isModule(type);
            if (!allowed) {
                out.add(instance.getSimpleName() + " keeps a " + type.getName() + " (" + field.getName() + ")");
            }
        }
        return out;
    }

    private static List<String> moduleViolations(JavaClasses classes) {
        List<String> out = new ArrayList<>();
        for (JavaClass module : modules(classes)) {
            for (JavaAccess<?> access : module.getAccessesFromSelf()) {
                JavaClass owner = access.getTargetOwner();
                if (owner.equals(module) || !isModule(owner)) {
                    continue;
                }
                AccessTarget target = access.getTarget();
                if (LIFECYCLE_HOOKS.contains(target.getName())) {
                    out.add(access.getDescription() + ": a lifecycle hook of another module");
                }
                Optional<? extends JavaMember> member = target.resolveMember();
                if (member.isPresent() && !member.get().getModifiers().contains(JavaModifier.PUBLIC)) {
                    out.add(access.getDescription() + ": internal to " + owner.getSimpleName());
                }
            }
            for (Dependency d : module.getDirectDependenciesFromSelf()) {
                if (COMPOSERS.contains(d.getTargetClass().getName())) {
                    out.add(d.getDescription() + ": a module is given what it depends on");
                }
            }
        }
        return out;
    }

    private static List<JavaClass> modules(JavaClasses classes) {
        return classes.stream().filter(ModuleBoundariesTest::isModule).toList();
    }

    private static boolean isModule(JavaClass c) {
        return !c.isInterface() && c.isAssignableTo(FairragModule.class);
    }
}
