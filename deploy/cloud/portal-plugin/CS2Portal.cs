// The portal plugin of a rented CS2 practice server (CounterStrikeSharp). It holds the server's
// portal key (configs/plugins/CS2Portal/CS2Portal.json, written by cs2-bootstrap.sh) and:
//   - at load and on the console command css_portal_sync, reads GET /api/plugin/rental/settings and
//     applies the join password and the renter's admins;
//   - on css_portal_admins <id,id,...> (what the portal sends through RCON when the owner edits the
//     list) applies that list at once;
//   - every 60 s, and shortly after a player joins, reports the humans on the server to
//     POST /api/plugin/rental/players, which become the owner's past teammates.
// The portal's RCON is the only caller of its commands: a player typing them is ignored.
using System.Net.Http.Headers;
using System.Net.Http.Json;
using System.Text.Json.Serialization;
using System.Text.RegularExpressions;
using CounterStrikeSharp.API;
using CounterStrikeSharp.API.Core;
using CounterStrikeSharp.API.Modules.Admin;
using CounterStrikeSharp.API.Modules.Commands;
using CounterStrikeSharp.API.Modules.Entities;
using CounterStrikeSharp.API.Modules.Timers;
using Microsoft.Extensions.Logging;

namespace CS2Portal;

public class PortalConfig : BasePluginConfig
{
    [JsonPropertyName("portal_url")] public string PortalUrl { get; set; } = "";
    [JsonPropertyName("portal_key")] public string PortalKey { get; set; } = "";
    [JsonPropertyName("server_ref")] public string ServerRef { get; set; } = "";
}

public record PortalSettings(
    [property: JsonPropertyName("instance_id")] string InstanceId,
    [property: JsonPropertyName("sv_password")] string Password,
    [property: JsonPropertyName("admins")] List<string> Admins);

public record SeenPlayer(
    [property: JsonPropertyName("steamid")] string SteamId,
    [property: JsonPropertyName("name")] string Name);

public record PlayersReport([property: JsonPropertyName("players")] List<SeenPlayer> Players);

public partial class CS2Portal : BasePlugin, IPluginConfig<PortalConfig>
{
    public override string ModuleName => "CS2Portal";
    public override string ModuleVersion => "1.0.0";
    public override string ModuleAuthor => "CS2 community portal";
    public override string ModuleDescription => "Applies the renter's password and admins; reports players to the portal";

    // The rights of the renter's admins, as cs2-bootstrap.sh's ADMIN_FLAGS: MatchZy's admin commands
    // need @css/config; no @css/root, @css/rcon or @css/cvar, so nobody can take the RCON password the
    // portal manages the server with.
    private static readonly string[] AdminFlags =
        { "@css/generic", "@css/kick", "@css/ban", "@css/slay", "@css/changemap", "@css/config", "@css/cheats" };
    private const int MaxPlayersPerReport = 64;  // the portal refuses more
    private const int MaxNameBytes = 64;
    private const float ReportPeriodSeconds = 60f;

    private readonly HttpClient _http = new() { Timeout = TimeSpan.FromSeconds(10) };
    private readonly HashSet<string> _admins = new();
    private bool _reportSoon;

    public PortalConfig Config { get; set; } = new();

    public void OnConfigParsed(PortalConfig config)
    {
        Config = config;
    }

    [GeneratedRegex("^7656119[0-9]{10}$")]
    private static partial Regex SteamId64();

    [GeneratedRegex("^[A-Za-z0-9]{0,16}$")]
    private static partial Regex JoinPassword();

    public override void Load(bool hotReload)
    {
        if (string.IsNullOrEmpty(Config.PortalUrl) || string.IsNullOrEmpty(Config.PortalKey))
        {
            Logger.LogWarning("CS2Portal: no portal_url or portal_key configured; doing nothing");
            return;
        }
        _http.BaseAddress = new Uri(Config.PortalUrl.TrimEnd('/') + "/");
        _http.DefaultRequestHeaders.Authorization = new AuthenticationHeaderValue("Bearer", Config.PortalKey);

        AddCommand("css_portal_sync", "Reads the server's settings from the portal and applies them", OnSync);
        AddCommand("css_portal_admins", "Sets the renter's admins: css_portal_admins <steamid64>[,<steamid64>...]",
            OnAdmins);
        RegisterEventHandler<EventPlayerConnectFull>((@event, info) =>
        {
            _reportSoon = true;
            return HookResult.Continue;
        });
        // Without STOP_ON_MAPCHANGE: the timers live across map changes, as long as the plugin.
        AddTimer(ReportPeriodSeconds, ReportPlayers, TimerFlags.REPEAT);
        AddTimer(5f, () =>
        {
            if (!_reportSoon) return;
            _reportSoon = false;
            ReportPlayers();
        }, TimerFlags.REPEAT);
        _ = SyncAsync();
    }

    private void OnSync(CCSPlayerController? caller, CommandInfo command)
    {
        if (caller != null) return;  // the server console (RCON) only
        _ = SyncAsync();
        command.ReplyToCommand("Portal sync requested");
    }

    private void OnAdmins(CCSPlayerController? caller, CommandInfo command)
    {
        if (caller != null) return;
        var ids = command.ArgString.Trim().Trim('"')
            .Split(',', StringSplitOptions.RemoveEmptyEntries | StringSplitOptions.TrimEntries)
            .Distinct().ToList();
        if (ids.Any(id => !SteamId64().IsMatch(id)))
        {
            command.ReplyToCommand("Usage: css_portal_admins <steamid64>[,<steamid64>...]");
            return;
        }
        ApplyAdmins(ids);
        command.ReplyToCommand($"Portal admins set: {ids.Count}");
    }

    // HTTP off the game thread; what it read is applied on the game thread.
    private async Task SyncAsync()
    {
        try
        {
            var settings = await _http.GetFromJsonAsync<PortalSettings>("api/plugin/rental/settings");
            if (settings == null) return;
            Server.NextFrame(() => ApplySettings(settings));
        }
        catch (Exception error)
        {
            Logger.LogWarning("CS2Portal: reading the settings failed: {Message}", error.Message);
        }
    }

    private void ApplySettings(PortalSettings settings)
    {
        if (JoinPassword().IsMatch(settings.Password))
        {
            Server.ExecuteCommand($"sv_password \"{settings.Password}\"");
        }
        ApplyAdmins(settings.Admins.Where(id => SteamId64().IsMatch(id)).Distinct().ToList());
        Logger.LogInformation("CS2Portal: settings applied ({Count} admins)", _admins.Count);
    }

    // The renter's whole list: who left it loses the rights, who joined it gains them, connected or not.
    private void ApplyAdmins(List<string> ids)
    {
        foreach (var gone in _admins.Where(id => !ids.Contains(id)).ToList())
        {
            AdminManager.RemovePlayerPermissions(new SteamID(ulong.Parse(gone)), AdminFlags);
            _admins.Remove(gone);
        }
        foreach (var id in ids)
        {
            AdminManager.AddPlayerPermissions(new SteamID(ulong.Parse(id)), AdminFlags);
            _admins.Add(id);
        }
    }

    private void ReportPlayers()
    {
        var players = Utilities.GetPlayers()
            .Where(p => p is { IsValid: true, IsBot: false, IsHLTV: false } &&
                        p.Connected == PlayerConnectedState.PlayerConnected && p.AuthorizedSteamID != null)
            .Select(p => new SeenPlayer(p.AuthorizedSteamID!.SteamId64.ToString(), Truncate(p.PlayerName)))
            .Where(p => SteamId64().IsMatch(p.SteamId))
            .Take(MaxPlayersPerReport)
            .ToList();
        if (players.Count == 0) return;
        _ = Task.Run(async () =>
        {
            try
            {
                using var answer = await _http.PostAsJsonAsync("api/plugin/rental/players", new PlayersReport(players));
                if (!answer.IsSuccessStatusCode)
                {
                    Logger.LogWarning("CS2Portal: the portal answered {Status} to the player report", (int)answer.StatusCode);
                }
            }
            catch (Exception error)
            {
                Logger.LogWarning("CS2Portal: reporting players failed: {Message}", error.Message);
            }
        });
    }

    // At most MaxNameBytes of UTF-8, never cutting a character in two.
    private static string Truncate(string name)
    {
        var text = name ?? "";
        while (System.Text.Encoding.UTF8.GetByteCount(text) > MaxNameBytes)
        {
            text = text[..^1];
            if (text.Length > 0 && char.IsHighSurrogate(text[^1])) text = text[..^1];
        }
        return text;
    }

    public override void Unload(bool hotReload)
    {
        _http.Dispose();
    }
}
