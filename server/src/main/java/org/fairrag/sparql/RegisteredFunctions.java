package org.fairrag.sparql;

import java.util.Iterator;
import org.apache.jena.sparql.function.FunctionFactory;
import org.apache.jena.sparql.function.FunctionRegistry;
import org.apache.jena.sparql.pfunction.PropertyFunctionFactory;
import org.apache.jena.sparql.pfunction.PropertyFunctionRegistry;

/**
 * Function and property-function registries that know only the functions registered when they are made (SPARQL's,
 * ARQ's library, jena-text's {@code text:query}). ARQ's own registries also load, for an IRI they do not know, any
 * class on the classpath that the IRI names ({@code <java:org.example.SomeFunction>}, or an old ARQ namespace mapped
 * to a package) and instantiate it; a public query must not choose which classes the server loads.
 */
final class RegisteredFunctions {

    private RegisteredFunctions() {}

    /** A copy of the global function registry that returns nothing for an IRI not registered in it. */
    static FunctionRegistry functions() {
        FunctionRegistry global = FunctionRegistry.get();
        FunctionRegistry registered = new FunctionRegistry() {
            @Override
            public FunctionFactory get(String uri) {
                return isRegistered(uri) ? super.get(uri) : null;
            }
        };
        for (Iterator<String> uris = global.keys(); uris.hasNext(); ) {
            String uri = uris.next();
            registered.put(uri, global.get(uri));
        }
        return registered;
    }

    /** A copy of the global property-function registry that manages no IRI not registered in it. */
    static PropertyFunctionRegistry propertyFunctions() {
        PropertyFunctionRegistry global = PropertyFunctionRegistry.get();
        PropertyFunctionRegistry registered = new PropertyFunctionRegistry() {
            @Override
            public boolean manages(String uri) {
                return isRegistered(uri);
            }

            @Override
            public PropertyFunctionFactory get(String uri) {
                return isRegistered(uri) ? super.get(uri) : null;
            }
        };
        for (Iterator<String> uris = global.keys(); uris.hasNext(); ) {
            String uri = uris.next();
            registered.put(uri, global.get(uri));
        }
        return registered;
    }
}
