//! Walks a Quake 2 map's PVS from a point: finds the leaf and cluster the point is in, decompresses
//! that cluster's row of the visibility lump, and lists the clusters potentially visible from it.
//!
//! ```sh
//! cargo run -p lumpkit --example q2_pvs -- map.bsp [X Y Z]
//! ```
//!
//! Without a point, the first `info_player_start`'s origin is used. The map is read with
//! `lumpkit-formats` alone (zero-copy views); the facade's typed info gives the per-cluster counts
//! `info --vis` prints, which the walk is checked against.

use std::error::Error;
use std::path::Path;
use std::process::ExitCode;

use lumpkit::info::{BspInfo, Info};
use lumpkit::{Context, Format, Input, OpenMode};
use lumpkit_formats::Ignore;
use lumpkit_formats::q2bsp::layout::LeafRecord;
use lumpkit_formats::q2bsp::{Bsp, Row};

fn main() -> ExitCode {
    match run() {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::FAILURE
        }
    }
}

fn run() -> Result<(), Box<dyn Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some(file) = args.first() else {
        return Err("usage: q2_pvs MAP.bsp [X Y Z]".into());
    };
    let input = Input::open(Path::new(file), OpenMode::Map)?;
    let map = Bsp::parse(&input, &mut Ignore)?;

    let point = match args.get(1..) {
        Some([x, y, z]) => [x.parse()?, y.parse()?, z.parse()?],
        _ => player_start(map.entities).ok_or("no point given and no info_player_start")?,
    };
    let head = map.models.first().map_or(0, |m| m.headnode.get());
    let leaf = map
        .point_leaf(head, point)
        .map_err(|e| format!("the BSP tree cannot be walked: {e:?}"))?;
    println!(
        "point ({}, {}, {}): leaf {leaf}",
        point[0], point[1], point[2]
    );
    let Some(cluster) = map.leafs.get(leaf).and_then(|l| l.cluster()) else {
        println!("the point is outside the map (a leaf without a cluster): everything is visible");
        return Ok(());
    };
    let cluster = u32::try_from(cluster)?;
    let Some(vis) = map.vis(&mut Ignore)? else {
        println!("cluster {cluster}: the map has no visibility data, so every cluster is visible");
        return Ok(());
    };

    let mut row = vec![0u8; vis.row_len()];
    vis.decompress(cluster, Row::Pvs, &mut row)
        .ok_or("cluster out of range")?;
    let visible: Vec<u32> = (0..vis.clusters())
        .filter(|&c| {
            row.get((c / 8) as usize)
                .is_some_and(|b| b & (1 << (c % 8)) != 0)
        })
        .collect();
    let leafs_visible = map
        .leafs
        .iter()
        .filter(|l| {
            l.cluster()
                .is_some_and(|c| u32::try_from(c).is_ok_and(|c| visible.contains(&c)))
        })
        .count();
    println!(
        "cluster {cluster}: {} of {} clusters potentially visible ({leafs_visible} leafs)",
        visible.len(),
        vis.clusters()
    );
    println!("visible clusters: {visible:?}");

    // The same count through the facade's typed info (`info --vis`).
    let ctx = Context {
        vis: true,
        ..Context::default()
    };
    let report = lumpkit::formats::bsp::Bsp.inspect(&ctx, &input);
    if let Some(Info::Bsp(BspInfo::Quake2(info))) = report.info()
        && let Some(counts) = &info.pvs_visible
    {
        let expected = counts.get(cluster as usize).copied().unwrap_or(0);
        if expected as usize != visible.len() {
            return Err(format!("info --vis counts {expected} visible clusters").into());
        }
        println!("info --vis agrees: {expected}");
    }
    Ok(())
}

/// The `origin` of the first `info_player_start` in the entity lump's text.
fn player_start(entities: &[u8]) -> Option<[f32; 3]> {
    let text = String::from_utf8_lossy(entities);
    text.split('}').find_map(|block| {
        let pairs = quoted(block);
        let mut it = pairs.chunks_exact(2).map(|kv| (kv[0], kv[1]));
        if !pairs
            .chunks_exact(2)
            .any(|kv| kv == ["classname", "info_player_start"])
        {
            return None;
        }
        let origin = it.find(|(k, _)| *k == "origin")?.1;
        let mut xyz = origin.split_whitespace().map(str::parse::<f32>);
        Some([xyz.next()?.ok()?, xyz.next()?.ok()?, xyz.next()?.ok()?])
    })
}

/// The quoted strings of one entity block, in order (keys and values alternate).
fn quoted(block: &str) -> Vec<&str> {
    block.split('"').skip(1).step_by(2).collect()
}
