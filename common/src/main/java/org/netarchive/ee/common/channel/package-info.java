/**
 * The names of the JMS queues and topics through which the parts of the system talk.
 *
 * <p>Names follow the NetarchiveSuite scheme, in the order this project settled on:
 *
 * <pre>{@code <ENV>_<REPLICA|COMMON>_<PREFIX>[_<MACHINE>][_<APPLICATION_INSTANCE>]}</pre>
 *
 * <ul>
 *   <li>{@code ENV}: the installation's environment name, e.g. {@code DEV}, {@code TEST}, {@code
 *       PROD}, so that several installations can share one broker;
 *   <li>{@code REPLICA}: the replica id (e.g. {@code ONE}) for channels of one replica's
 *       bitarchive, otherwise the literal {@code COMMON};
 *   <li>{@code PREFIX}: what the channel is for (see {@link
 *       org.netarchive.ee.common.channel.ChannelPrefix}); its first word tells how it is used:
 *       {@code THE} a singleton, {@code THIS} one uniquely identified instance, {@code ANY} all
 *       instances share one queue, {@code ALL} a topic of which every listener gets a copy;
 *   <li>{@code MACHINE} and {@code APPLICATION_INSTANCE}: for {@code THIS} channels, the host and
 *       the application (abbreviated) with its instance id.
 * </ul>
 *
 * <p>{@link org.netarchive.ee.common.channel.Channels} builds the names for one environment.
 */
package org.netarchive.ee.common.channel;
