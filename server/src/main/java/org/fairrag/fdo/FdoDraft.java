package org.fairrag.fdo;

import org.apache.jena.rdf.model.Model;

/**
 * An FDO about to be published: its id, kind, natural key, content location and the RDF description
 * of its content (without the kernel attributes, which publishing adds).
 */
public record FdoDraft(String id, FdoKind kind, String sourceKey, String target, Model content, String accessLevel) {}
