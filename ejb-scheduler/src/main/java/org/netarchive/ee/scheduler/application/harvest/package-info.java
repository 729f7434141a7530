/**
 * Use cases on harvest definitions: create and change selective and snapshot harvests, choose the
 * domain configurations of a selective harvest or give it seeds (creating domains and per-harvest
 * configurations), activate and deactivate them, read them as views.
 */
package org.netarchive.ee.scheduler.application.harvest;
