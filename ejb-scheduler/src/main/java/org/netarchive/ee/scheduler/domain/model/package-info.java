/** The harvest datamodel, one package per aggregate, and what they share. */
package org.netarchive.ee.scheduler.domain.model;
