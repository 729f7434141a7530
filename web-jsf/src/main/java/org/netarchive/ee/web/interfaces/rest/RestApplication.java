package org.netarchive.ee.web.interfaces.rest;

import jakarta.ws.rs.ApplicationPath;
import jakarta.ws.rs.core.Application;

/** The REST API's root: {@code /api}. */
@ApplicationPath("api")
public class RestApplication extends Application {}
